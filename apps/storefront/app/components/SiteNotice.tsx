import { useLocation } from '../lib/routing';
import { loadNoticeIsland } from '../lib/chunks';
import type { SiteView } from '../lib/site.server';
import { island } from './Island';

// Server-rendered; its code loads only on a page that shows a notice, when a shopper comes to it
// (decision 0067). Until then its dismiss link works as it does without JavaScript.
export const NoticeIsland = island({
  name: 'store-notice',
  onIslandPages: true,
  load: async () => (await loadNoticeIsland()).StoreNotice,
  server: import.meta.env.SSR ? (await import('./notice-island')).StoreNotice : undefined,
});

/**
 * The store notice at the top of every page. Server-rendered, and not rendered at all when its
 * cookie says it was dismissed, so it never flashes or shifts the page. Without JavaScript the
 * dismiss link goes to `/store-notice/dismiss/`, which sets the cookie and comes back here.
 */
export function SiteNotice({ notice }: { notice: SiteView['notice'] }) {
  const location = useLocation();
  if (notice === null || notice.hidden) return null;
  const back = `${location.pathname}${location.search}`;
  const href = `/store-notice/dismiss/?id=${notice.id}&redirect_to=${encodeURIComponent(back)}`;
  // Keyed by id: a new notice text is a new notice, shown even after the old one was dismissed.
  return <NoticeIsland key={notice.id} id={notice.id} text={notice.text} dismissHref={href} />;
}
