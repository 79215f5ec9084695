import type { ReactElement, ReactNode } from 'react';
import { useMessages } from './MessagesProvider';
import { FILTER_MESSAGES } from './messages-filters';

/** One term of an {@link AttributeFilter}. */
export interface AttributeFilterTerm {
  /** The term's slug (`m` in `?filter_size=m`). */
  slug: string;
  /** The term's name as shown (`M`). */
  name: string;
  /** How many products of the listing have the term (`products/collection-data`). */
  count: number;
  /** Whether the listing is filtered by this term now. */
  chosen: boolean;
  /** The listing with this term added, or removed when chosen. */
  href: string;
}

/** What {@link AttributeFilterProps.renderLink} receives. */
export interface AttributeFilterLinkProps {
  href: string;
  rel: 'nofollow';
  'aria-label': string;
  children: ReactNode;
}

/** Props of {@link AttributeFilter}. */
export interface AttributeFilterProps {
  /** The attribute's slug (`size` for `pa_size`): names the heading's id. */
  name: string;
  /** The attribute's name as shown (`Size`). */
  label: string;
  terms: readonly AttributeFilterTerm[];
  /** Renders a link (pass your router's link). @default a plain <a> */
  renderLink?: (props: AttributeFilterLinkProps) => ReactNode;
}

const defaultLink = ({ children, ...props }: AttributeFilterLinkProps) => (
  <a {...props}>{children}</a>
);

/**
 * WooCommerce's "Filter by attribute" (layered navigation) as links
 * (`?filter_size=m,l&query_type_size=or`): they work without JavaScript, each is named with its
 * product count and says whether it is chosen (following a chosen term removes it).
 *
 * @example
 * <AttributeFilter
 *   name="size"
 *   label="Size"
 *   terms={[{ slug: 'm', name: 'M', count: 3, chosen: false, href: '?filter_size=m&query_type_size=or' }]}
 * />
 */
export function AttributeFilter({
  name,
  label,
  terms,
  renderLink = defaultLink,
}: AttributeFilterProps): ReactElement {
  const t = useMessages(FILTER_MESSAGES);
  const headingId = `attribute-filter-${name}`;
  const termLabel = (term: AttributeFilterTerm) => {
    const text = t.format('attributeFilter.term', { term: term.name, count: term.count });
    return term.chosen ? t.format('attributeFilter.chosen', { term: text }) : text;
  };
  return (
    <nav className="catalog-filter attribute-filter" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.format('attributeFilter.heading', { attribute: label })}</h2>
      <ul>
        {terms.map((term) => (
          <li key={term.slug} className={term.chosen ? 'chosen' : undefined}>
            {renderLink({
              href: term.href,
              rel: 'nofollow',
              'aria-label': termLabel(term),
              children: (
                <>
                  <span className="attribute-filter__box" aria-hidden="true">
                    {term.chosen ? '✓' : ''}
                  </span>
                  {term.name}
                </>
              ),
            })}{' '}
            <span className="count" aria-hidden="true">
              ({t.number(term.count)})
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
