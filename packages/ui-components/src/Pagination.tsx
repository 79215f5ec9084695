import type { ReactElement, ReactNode } from 'react';

/** What {@link PaginationProps.renderLink} receives. */
export interface PaginationLinkProps {
  href: string;
  className: string;
  'aria-label': string;
  rel?: 'prev' | 'next';
  children: ReactNode;
}

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  /** The URL of page `n`, e.g. `(n) => n === 1 ? '/shop/' : `/shop/page/${n}/``. */
  href: (page: number) => string;
  /** The navigation landmark's name. @default 'Product pagination' */
  label?: string;
  /** Renders a link (pass your router's link). @default a plain <a> */
  renderLink?: (props: PaginationLinkProps) => ReactNode;
}

const defaultLink = ({ children, ...props }: PaginationLinkProps) => <a {...props}>{children}</a>;

/**
 * Numbered pages with previous / next links, as a named navigation landmark. The
 * current page is marked with `aria-current="page"`. Renders nothing for one page.
 *
 * @example
 * <Pagination page={2} totalPages={3} href={(n) => (n === 1 ? '/shop/' : `/shop/page/${n}/`)} />
 */
export function Pagination({
  page,
  totalPages,
  href,
  label = 'Product pagination',
  renderLink = defaultLink,
}: PaginationProps): ReactElement | null {
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1);
  return (
    <nav className="woocommerce-pagination cw-pagination" aria-label={label}>
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- Safari drops list semantics of unstyled lists */}
      <ul className="cw-pagination__list" role="list">
        {page > 1 ? (
          <li>
            {renderLink({
              href: href(page - 1),
              className: 'cw-pagination__link',
              'aria-label': 'Previous page',
              rel: 'prev',
              children: '←',
            })}
          </li>
        ) : null}
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <span className="cw-pagination__link cw-pagination__current" aria-current="page">
                <span className="cw-visually-hidden">Page </span>
                {n}
              </span>
            ) : (
              renderLink({
                href: href(n),
                className: 'cw-pagination__link',
                'aria-label': `Page ${n}`,
                children: n,
              })
            )}
          </li>
        ))}
        {page < totalPages ? (
          <li>
            {renderLink({
              href: href(page + 1),
              className: 'cw-pagination__link',
              'aria-label': 'Next page',
              rel: 'next',
              children: '→',
            })}
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
