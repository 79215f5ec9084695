import type { SiteSearchProps } from '@cartwright/ui-components';
import { useLocation } from '../lib/routing';
import { loadSearchIsland } from '../lib/chunks';
import { island } from './Island';

// Server-rendered on every page and hydrated when a shopper comes to the field (decision 0067):
// until then it is the plain GET form it is without JavaScript; a search sent before its code is
// in is held and sent once it is (a page load).
export const SearchIsland = island({
  name: 'site-search',
  onIslandPages: true,
  load: async () => (await loadSearchIsland()).RoutedSiteSearch,
  server: import.meta.env.SSR ? (await import('./search-island')).RoutedSiteSearch : undefined,
});

/**
 * The header's product search (ui-components' `SiteSearch`): a GET to `/?s=…&post_type=product`,
 * so it works without JavaScript, and is a page load with it too. On a search page the field
 * keeps the current search.
 */
export function SiteSearch({
  label,
  id,
  className,
}: Pick<SiteSearchProps, 'label' | 'id' | 'className'> = {}) {
  const location = useLocation();
  const current =
    location.pathname === '/' || location.pathname.startsWith('/page/')
      ? (new URLSearchParams(location.search).get('s') ?? '')
      : '';
  // The class goes on the island's wrapper, around the form's `search` landmark.
  return <SearchIsland className={className} label={label} id={id} value={current} />;
}
