import { useEffect, useState, type ReactElement } from 'react';

/** Spec §9: the result count is re-announced this long after the page loads. */
export const RESULT_COUNT_REANNOUNCE_MS = 2000;

/** Props of {@link ResultCount}. */
export interface ResultCountProps {
  /** How many products match. */
  total: number;
  /** The current page (from 1). */
  page: number;
  /** Products per page; -1 for all on one page. */
  perPage: number;
  /**
   * The ordering's label when the shopper chose one (e.g. "Sort by price: low to
   * high"): the count is then announced with it, as WooCommerce does.
   */
  sortedBy?: string;
}

/** WooCommerce's result-count text (template loop/result-count.php). */
export function resultCountText(total: number, page: number, perPage: number): string {
  if (total === 1) return 'Showing the single result';
  if (total <= perPage || perPage === -1) return `Showing all ${total} results`;
  const first = perPage * (page - 1) + 1;
  const last = Math.min(total, perPage * page);
  return `Showing ${first}–${last} of ${total} results`;
}

/**
 * "Showing 1–16 of 30 results". When the list was sorted, the paragraph is an
 * alert that says how, and it is hidden from assistive technology at first and
 * re-announced after 2000 ms (spec §4 "Page behaviours"), so the announcement is
 * not lost in the page load.
 *
 * @example
 * <ResultCount total={30} page={1} perPage={16} sortedBy="Sort by latest" />
 */
export function ResultCount({ total, page, perPage, sortedBy }: ResultCountProps): ReactElement {
  const sorted = Boolean(sortedBy) && total !== 1;
  // Each new count (page, total, ordering) is hidden first, then announced.
  const countKey = `${total}|${page}|${perPage}|${sortedBy ?? ''}`;
  const [announcedKey, setAnnouncedKey] = useState<string | null>(null);
  useEffect(() => {
    if (!sorted) return;
    const timer = setTimeout(() => setAnnouncedKey(countKey), RESULT_COUNT_REANNOUNCE_MS);
    return () => clearTimeout(timer);
  }, [sorted, countKey]);
  const announced = !sorted || announcedKey === countKey;

  const text = resultCountText(total, page, perPage);
  const how = sortedBy
    ? sortedBy.replace(/^Sort by /, '').replace(/^Default sorting$/, 'default')
    : '';
  return (
    <p
      className="woocommerce-result-count cw-result-count"
      {...(sorted
        ? {
            role: 'alert',
            'aria-relevant': 'all' as const,
            'data-is-sorted-by': 'true',
            'aria-hidden': !announced,
          }
        : {})}
    >
      {/* A new key re-inserts the text, so screen readers read it again. */}
      <span key={announced ? 'announced' : 'quiet'}>
        {text}
        {sorted ? <span className="cw-visually-hidden">, sorted by {how}</span> : null}
      </span>
    </p>
  );
}
