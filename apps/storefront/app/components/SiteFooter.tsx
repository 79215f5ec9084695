import { ComingSoonBanner, SubscriptionForm } from '@cartwright/ui-components';
import type { SubscriptionPayload } from '@cartwright/ui-components';
import { loadFooterIslands, loadRestClient } from '../lib/chunks';
import type { SiteView } from '../lib/site.server';
import { shopT } from '../messages';
import { island } from './Island';

/** The REST client loads when a shopper first sends something, not with the page. */
export const sendSubscription = async (payload: SubscriptionPayload, endpoint: string) =>
  (await loadRestClient()).sendSubscription(payload, endpoint);
export const sendDismissal = async (restUrl: string, nonce: string) =>
  (await loadRestClient()).sendComingSoonDismissal(restUrl, nonce);

// Server-rendered, and hydrated when a shopper comes to use them (issue 16: their code is not
// on every page's critical path; without it the form still posts and the banner still links).
export const SubscriptionIsland = island({
  name: 'subscription',
  onIslandPages: true,
  load: async () => (await loadFooterIslands()).SubscriptionForm,
  server: import.meta.env.SSR ? SubscriptionForm : undefined,
});
export const ComingSoonIsland = island({
  name: 'coming-soon',
  onIslandPages: true,
  load: async () => (await loadFooterIslands()).ComingSoonBanner,
  server: import.meta.env.SSR ? ComingSoonBanner : undefined,
});

/**
 * The site-wide parts of the footer: the subscription form (when the store has a subscription
 * endpoint) and, for a logged-in administrator or shop manager while the store is in coming-soon
 * mode, the coming-soon banner. Both send through the page's one REST client (`lib/rest-client`),
 * which asks for the nonce when the form is first sent, so pages carry no per-shopper nonce and a
 * first visit starts no session.
 */
export function SiteFooter({ site }: { site: SiteView | null }) {
  if (site === null) return null;
  return (
    <>
      {site.subscriptionEndpoint === null ? null : (
        <section className="site-subscribe" aria-labelledby="site-subscribe-title">
          <h2 id="site-subscribe-title">{shopT.format('footer.subscribe')}</h2>
          <SubscriptionIsland
            endpoint={site.subscriptionEndpoint}
            send={sendSubscription}
            formId="site-footer-subscription"
            layout="inline"
            action="/subscribe/"
          />
        </section>
      )}
      {site.banner === null ? null : (
        <ComingSoonIsland
          restUrl={site.banner.restUrl}
          restNonce={site.banner.restNonce}
          action="/coming-soon/dismiss/"
          send={sendDismissal}
        />
      )}
    </>
  );
}
