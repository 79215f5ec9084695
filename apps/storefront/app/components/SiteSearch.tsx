import { SiteSearch as SearchForm, type SiteSearchProps } from '@cartwright/ui-components';
import { useLocation, useSubmit } from 'react-router';

/**
 * The header's product search (ui-components' `SiteSearch`): a GET to `/?s=…&post_type=product`,
 * so it works without JavaScript; with it, the router loads the results without a full page
 * load. On a search page the field keeps the current search.
 */
export function SiteSearch({
  label,
  id,
  className,
}: Pick<SiteSearchProps, 'label' | 'id' | 'className'> = {}) {
  const location = useLocation();
  const submit = useSubmit();
  const current =
    location.pathname === '/' || location.pathname.startsWith('/page/')
      ? (new URLSearchParams(location.search).get('s') ?? '')
      : '';
  return (
    <SearchForm
      value={current}
      label={label}
      id={id}
      className={className}
      // React Router's Form marks its action so the router learns the results' route early.
      formAttributes={{ 'data-discover': 'true' }}
      onSearchSubmit={(form) => void submit(form, { method: 'get', action: '/' })}
    />
  );
}
