import { ComingSoonBanner, SubscriptionForm } from '@cartwright/ui-components';
import type { SiteView } from '../lib/site.server';
import { shopT } from '../messages';

/** A fresh `wp_rest` nonce for this browser, asked for only when the form is sent. */
async function restNonce(): Promise<string> {
  const response = await fetch('/wp-admin/admin-ajax.php?action=rest-nonce', {
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`rest-nonce answered ${response.status}`);
  return response.text();
}

/**
 * The site-wide parts of the footer: the subscription form (when the store has a subscription
 * endpoint) and, for a logged-in administrator or shop manager while the store is in coming-soon
 * mode, the coming-soon banner. The form asks for its nonce when sent, so pages carry no
 * per-shopper nonce and a first visit starts no session.
 */
export function SiteFooter({ site }: { site: SiteView | null }) {
  if (site === null) return null;
  return (
    <>
      {site.subscriptionEndpoint === null ? null : (
        <section className="site-subscribe" aria-labelledby="site-subscribe-title">
          <h2 id="site-subscribe-title">{shopT.format('footer.subscribe')}</h2>
          <SubscriptionForm
            endpoint={site.subscriptionEndpoint}
            nonce={restNonce}
            formId="site-footer-subscription"
            layout="inline"
            action="/subscribe/"
          />
        </section>
      )}
      {site.banner === null ? null : (
        <ComingSoonBanner
          restUrl={site.banner.restUrl}
          restNonce={site.banner.restNonce}
          action="/coming-soon/dismiss/"
        />
      )}
    </>
  );
}
