import { consentFor } from '@cartwright/consent-analytics';
import type { ConsentSnapshot } from '@cartwright/consent-analytics';
import { ConsentBanner } from '@cartwright/ui-components';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useRootData } from '../lib/routing';
import { loadConsentBanner } from '../lib/chunks';
import { needsConsentChoice, type ConsentChoices } from '../lib/consent';
import { getPrivacy, type Privacy as PagePrivacy } from '../lib/privacy';
import { shopT } from '../messages';
import { island } from './Island';

const noSubscription = () => () => {};

/**
 * The page's consent, attribution and analytics (`null` on the server), made from the root
 * loader's privacy settings the first time any component asks.
 */
export function usePrivacy(): PagePrivacy | null {
  const data = useRootData();
  return getPrivacy({
    honourGpc: data?.honourGpc ?? false,
    storeProps: data?.site?.analyticsProps ?? {},
    features: data?.analyticsFeatures ?? { ch: false, sessionTracking: false, proxy: true },
  });
}
const NO_SCRIPT_STYLE =
  '<style>.cw-consent-banner,.cw-consent-spacer,.cw-privacy-settings{display:none}</style>';

/**
 * The banner: rendered on the server with the page (no flash); in the browser an island
 * (decision 0057): its code, a lazy chunk, loads when the shopper comes to it (a pointer over
 * it, focus inside, a touch), and a click on its buttons made before the code arrived is
 * applied once it has. Opened from "Cookie settings" (no server markup), it loads at once.
 */
const BannerIsland = island({
  name: 'consent-banner',
  load: async () => (await loadConsentBanner()).ConsentBanner,
  server: import.meta.env.SSR ? ConsentBanner : undefined,
});

function needsChoice(snapshot: ConsentSnapshot): boolean {
  return (
    consentFor(snapshot, 'statistics') === 'pending' ||
    consentFor(snapshot, 'marketing') === 'pending'
  );
}

/**
 * Consent on every page: the banner while a choice is needed (server-rendered from the consent
 * cookies, so nothing flashes) and a "Cookie settings" button to change the choice later. The
 * island page's runtime records the page's one page view at load (decision 0083) and holds a
 * click on "Cookie settings" until this part is live, so the button is enabled from the start.
 */
export function Privacy({ initialChoices }: { initialChoices: ConsentChoices }) {
  const privacy = usePrivacy();
  const consent = privacy?.consent;
  const storeProps = useRootData()?.site?.analyticsProps;
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
          onClick={() => setReopened(true)}
        >
          {shopT.format('privacy.settings')}
        </button>
      </p>
      {open ? (
        <>
          <BannerIsland
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
