import { SiteSearch as SearchForm, type SiteSearchProps } from '@cartwright/ui-components';
import { useSubmitQuery } from '../lib/routing';

/**
 * The header search's live code (an island, components/SiteSearch.tsx): ui-components'
 * `SiteSearch`, whose submit the router carries out (the results load without a full page load).
 */
export function RoutedSiteSearch(props: Pick<SiteSearchProps, 'label' | 'id' | 'value'>) {
  const submit = useSubmitQuery();
  return (
    <SearchForm
      {...props}
      // React Router's Form marks its action so the router learns the results' route early.
      formAttributes={{ 'data-discover': 'true' }}
      onSearchSubmit={(form) => submit(form, '/')}
    />
  );
}
