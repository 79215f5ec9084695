import type { FormEvent, ReactElement } from 'react';
import { useMessages } from './MessagesProvider';
import { SITE_SEARCH_MESSAGES } from './messages-site-search';

/** Props of {@link SiteSearch}. */
export interface SiteSearchProps {
  /** The search the page shows (`?s=`), kept in the field; a new value replaces what was typed. @default '' */
  value?: string;
  /** Where the search goes: the shop's home, as WooCommerce's widget sends it. @default '/' */
  action?: string;
  /**
   * Called instead of the browser's submission, with the form: a router submits it itself for
   * a client-side navigation. Default: the browser submits the GET form.
   */
  onSearchSubmit?: ((form: HTMLFormElement) => void) | undefined;
  /** The field's id (unique on the page). @default 'site-search-field' */
  id?: string;
  /**
   * Data attributes for the form, for a router's markers: React Router's `data-discover`
   * tells it to learn the action's route before the shopper searches.
   */
  formAttributes?: Readonly<Record<`data-${string}`, string>> | undefined;
  /**
   * A label shown above the field, which also names the `search` landmark: for a second search
   * on a page ("Search again" on an empty results page), told apart from the header's. Default:
   * the catalogue's "Search products", for screen readers only, and an unnamed landmark.
   */
  label?: string | undefined;
  /** Classes added to the `search` element. */
  className?: string | undefined;
}

/**
 * The header's product search as WooCommerce's product search widget sends it: a GET form to
 * `/?s=…&post_type=product`, so it works without JavaScript. A `search` landmark whose field
 * is labelled (visually hidden) "Search products".
 *
 * @example
 * <SiteSearch value={query} onSearchSubmit={(form) => submit(form)} />
 */
export function SiteSearch({
  value = '',
  action = '/',
  onSearchSubmit,
  id = 'site-search-field',
  formAttributes,
  label,
  className,
}: SiteSearchProps): ReactElement {
  const t = useMessages(SITE_SEARCH_MESSAGES);
  const onSubmit = onSearchSubmit
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSearchSubmit(event.currentTarget);
      }
    : undefined;
  return (
    <search className={className ? `site-search ${className}` : 'site-search'} aria-label={label}>
      <form
        className="site-search__form"
        {...formAttributes}
        action={action}
        method="get"
        onSubmit={onSubmit}
      >
        <label htmlFor={id} className={label ? 'site-search__label' : 'cw-visually-hidden'}>
          {label ?? t.format('siteSearch.label')}
        </label>
        <input
          type="search"
          id={id}
          name="s"
          // A new search page shows its own query in the field.
          key={value}
          defaultValue={value}
          autoComplete="off"
          maxLength={200}
        />
        <input type="hidden" name="post_type" value="product" />
        <button type="submit" className="cw-button">
          {t.format('siteSearch.submit')}
        </button>
      </form>
    </search>
  );
}
