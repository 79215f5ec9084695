import { consentFor } from '@cartwright/consent-analytics';
import type { ConsentSnapshot } from '@cartwright/consent-analytics';
import type { ConsentBannerProps } from '@cartwright/ui-components/consent-banner';
import {
  Suspense,
  lazy,
  memo,
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { loadConsentBanner } from '../lib/chunks';
import { needsConsentChoice, type ConsentChoices } from '../lib/consent';
import { getPrivacy, type Privacy as PagePrivacy } from '../lib/privacy';
import type { loader as rootLoader } from '../root';
import { shopT } from '../messages';

const noSubscription = () => () => {};

/**
 * The page's consent, attribution and analytics (`null` on the server), made from the root
 * loader's privacy settings the first time any component asks.
 */
export function usePrivacy(): PagePrivacy | null {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  return getPrivacy({
    honourGpc: data?.honourGpc ?? false,
    storeProps: data?.site.analyticsProps ?? {},
    features: data?.analyticsFeatures ?? { ch: false, sessionTracking: false, proxy: true },
  });
}
const NO_SCRIPT_STYLE =
  '<style>.cw-consent-banner,.cw-consent-spacer,.cw-privacy-settings{display:none}</style>';

/**
 * The banner: rendered on the server with the page (no flash), its code in the browser a lazy
 * chunk loaded only when it shows (decision 0055). A server-rendered banner waits in its
 * Suspense boundary, as sent, until the chunk arrives and React hydrates it.
 */
const ConsentBanner = import.meta.env.SSR
  ? // The server renders it in the first HTML, so it has it before the first request.
    (await import('@cartwright/ui-components/consent-banner')).ConsentBanner
  : lazy(async () => ({ default: (await loadConsentBanner()).ConsentBanner }));

const BANNER_BUTTONS = '.cw-consent-banner button';

/** Whether the banner's code has run (a banner has hydrated or rendered once). */
let bannerReady = false;
/** The banner button clicked before the banner's code arrived: its place among the buttons. */
let heldClick: number | undefined;

/**
 * Holds a click on the server-rendered banner's buttons made before its code has arrived (it
 * would do nothing), to be replayed once the banner has hydrated: the shopper's first answer
 * counts, however soon they give it. Installed when this module runs, before hydration.
 */
function holdEarlyBannerClick(event: MouseEvent) {
  if (bannerReady || !(event.target instanceof Element)) return;
  const button = event.target.closest(BANNER_BUTTONS);
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  heldClick ??= [...document.querySelectorAll(BANNER_BUTTONS)].indexOf(button);
}
if (!import.meta.env.SSR && typeof document !== 'undefined') {
  document.addEventListener('click', holdEarlyBannerClick, true);
}

/** Inside the banner's Suspense boundary: runs once the banner has hydrated (or rendered). */
function BannerReady() {
  useEffect(() => {
    if (bannerReady) return;
    bannerReady = true;
    document.removeEventListener('click', holdEarlyBannerClick, true);
    const held = heldClick;
    heldClick = undefined;
    if (held !== undefined) document.querySelectorAll<HTMLElement>(BANNER_BUTTONS)[held]?.click();
  }, []);
  return null;
}

/**
 * The banner in its Suspense boundary. Memoised, with stable props while it waits: an update
 * to a boundary that has not hydrated yet would make React drop the server's HTML.
 */
const BannerSlot = memo(function BannerSlot(props: ConsentBannerProps) {
  return (
    <Suspense fallback={null}>
      <ConsentBanner {...props} />
      <BannerReady />
    </Suspense>
  );
});

function needsChoice(snapshot: ConsentSnapshot): boolean {
  return (
    consentFor(snapshot, 'statistics') === 'pending' ||
    consentFor(snapshot, 'marketing') === 'pending'
  );
}

/**
 * Consent on every page: the banner while a choice is needed (server-rendered from the consent
 * cookies, so nothing flashes), a "Cookie settings" button to change the choice later, and a
 * page view for attribution and analytics on load and on every navigation.
 */
export function Privacy({
  initialChoices,
  analytics,
}: {
  initialChoices: ConsentChoices;
  /** Whether the store takes analytics events (false: page views feed attribution only). */
  analytics: boolean;
}) {
  const privacy = usePrivacy();
  const consent = privacy?.consent;
  const storeProps = useRouteLoaderData<typeof rootLoader>('root')?.site.analyticsProps;
  // The viewer changes on login and logout (the root data is revalidated): later events say so.
  useEffect(() => {
    privacy?.setStoreProps(storeProps ?? {});
  }, [privacy, storeProps]);
  const snapshot = useSyncExternalStore(
    consent?.subscribe ?? noSubscription,
    () => consent?.getSnapshot() ?? null,
    () => null,
  );
  // Reopened from "Cookie settings": focus moves into the banner and the checkboxes show.
  const [reopened, setReopened] = useState(false);
  const location = useLocation();

  useEffect(() => {
    privacy?.pageView({ analytics });
  }, [privacy, location.pathname, location.search, analytics]);

  const onDecide = useCallback(
    (choices: ConsentChoices) => {
      setReopened(false);
      consent?.update(choices);
    },
    [consent],
  );

  const open = reopened || (snapshot ? needsChoice(snapshot) : needsConsentChoice(initialChoices));
  return (
    <>
      {/* Without JavaScript nothing tracks and the banner's buttons cannot work: hide it all. */}
      <noscript dangerouslySetInnerHTML={{ __html: NO_SCRIPT_STYLE }} />
      <p className="cw-privacy-settings">
        <button
          type="button"
          className="cw-button"
          aria-expanded={open}
          // Enabled once hydrated (the snapshot is null on the server and while hydrating).
          disabled={snapshot === null}
          onClick={() => setReopened(true)}
        >
          {shopT.format('privacy.settings')}
        </button>
      </p>
      {open ? (
        <>
          <BannerSlot
            // The server's choices while the banner is shown for a first choice (the same
            // cookies the store read, and a prop that stays put while it hydrates); the
            // store's when reopened from "Cookie settings".
            choices={reopened && snapshot ? snapshot.choices : initialChoices}
            showChoices={reopened}
            manageFocus={reopened}
            onDecide={onDecide}
          />
          {/* Room below the footer so the fixed banner never hides the end of the page. */}
          <div className="cw-consent-spacer" aria-hidden="true" style={{ height: '16rem' }} />
        </>
      ) : null}
    </>
  );
}
