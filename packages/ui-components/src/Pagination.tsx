import type { ReactElement, ReactNode } from 'react';
import { useMessages } from './MessagesProvider';
import { PAGINATION_MESSAGES } from './messages-pagination';

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
  /** The navigation landmark's name. @default the catalogue's 'pagination.label' ("Product pagination") */
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
  label,
  renderLink = defaultLink,
}: PaginationProps): ReactElement | null {
  const t = useMessages(PAGINATION_MESSAGES);
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1);
  return (
    <nav
      className="woocommerce-pagination cw-pagination"
      aria-label={label ?? t.format('pagination.label')}
    >
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- Safari drops list semantics of unstyled lists */}
      <ul className="cw-pagination__list" role="list">
        {page > 1 ? (
          <li>
            {renderLink({
              href: href(page - 1),
              className: 'cw-pagination__link',
              'aria-label': t.format('pagination.previous'),
              rel: 'prev',
              children: <span className="cw-pagination__arrow">←</span>,
            })}
          </li>
        ) : null}
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <span className="cw-pagination__link cw-pagination__current" aria-current="page">
                <span className="cw-visually-hidden">
                  {t.format('pagination.page', { page: n })}
                </span>
                <span aria-hidden="true">{t.number(n)}</span>
              </span>
            ) : (
              renderLink({
                href: href(n),
                className: 'cw-pagination__link',
                'aria-label': t.format('pagination.page', { page: n }),
                children: t.number(n),
              })
            )}
          </li>
        ))}
        {page < totalPages ? (
          <li>
            {renderLink({
              href: href(page + 1),
              className: 'cw-pagination__link',
              'aria-label': t.format('pagination.next'),
              rel: 'next',
              children: <span className="cw-pagination__arrow">→</span>,
            })}
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
