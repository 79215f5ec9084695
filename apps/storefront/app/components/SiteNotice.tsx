import { StoreNotice } from '@cartwright/ui-components';
import { useLocation } from 'react-router';
import type { SiteView } from '../lib/site.server';

/**
 * The store notice at the top of every page. Server-rendered, and not rendered at all when its
 * cookie says it was dismissed, so it never flashes or shifts the page. Without JavaScript the
 * dismiss link goes to `/store-notice/dismiss/`, which sets the cookie and comes back here.
 */
export function SiteNotice({ notice }: { notice: SiteView['notice'] }) {
  const location = useLocation();
  if (notice === null) return null;
  const back = `${location.pathname}${location.search}`;
  const href = `/store-notice/dismiss/?id=${notice.id}&redirect_to=${encodeURIComponent(back)}`;
  // Keyed by id: a new notice text is a new notice, shown even after the old one was dismissed.
  return (
    <StoreNotice
      key={notice.id}
      id={notice.id}
      text={notice.text}
      hidden={notice.hidden}
      dismissHref={href}
    />
  );
}
