import type { ReactElement } from 'react';
import { useAnnouncement } from './AnnouncerProvider';
import { CATALOG_ORDERINGS, isCatalogOrderBy, type CatalogOrderBy } from './catalog-orderings';
import { addMessages, defaultTranslator, type Translator } from './messages';
import { useMessages } from './MessagesProvider';
import { RESULT_COUNT_MESSAGES } from './messages-result-count';

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
   * The ordering the shopper chose: an `orderby` value (`'price'`) or its label
   * ("Sort by price: low to high"). The count is then announced with it, as
   * WooCommerce does.
   * @default undefined (not announced)
   */
  sortedBy?: string | undefined;
}

/**
 * WooCommerce's result-count text (template loop/result-count.php), from the
 * message catalogue.
 *
 * @example resultCountText(30, 2, 16) // "Showing 17–30 of 30 results"
 */
export function resultCountText(
  total: number,
  page: number,
  perPage: number,
  t: Translator = defaultTranslator,
): string {
  addMessages(RESULT_COUNT_MESSAGES);
  if (total === 1) return t.format('resultCount.single');
  if (total <= perPage || perPage === -1) return t.format('resultCount.all', { count: total });
  const first = perPage * (page - 1) + 1;
  const last = Math.min(total, perPage * page);
  return t.format('resultCount.range', { first, last, count: total });
}

/** "price: low to high" for `'price'` or its label; other labels lose "Sort by ". */
function sortedByText(sortedBy: string, t: Translator): string {
  const value: Exclude<CatalogOrderBy, 'relevance'> | undefined = isCatalogOrderBy(sortedBy)
    ? sortedBy
    : CATALOG_ORDERINGS.find((option) => option.label === sortedBy)?.value;
  return value ? t.format(`resultCount.sorted.${value}`) : sortedBy.replace(/^Sort by /, '');
}

/**
 * "Showing 1–16 of 30 results". When the list was sorted, the paragraph also says
 * how (to screen readers). The whole text is announced through the page's announcer
 * 2000 ms after it appears, sorted or not (spec §4 "Page behaviours"), so it is not
 * lost in the page load and does not cut off another message.
 *
 * @example
 * <ResultCount total={30} page={1} perPage={16} sortedBy="date" />
 */
export function ResultCount({ total, page, perPage, sortedBy }: ResultCountProps): ReactElement {
  const t = useMessages(RESULT_COUNT_MESSAGES);
  const sorted = sortedBy !== undefined && sortedBy !== '' && total !== 1;
  const text = resultCountText(total, page, perPage, t);
  const how = sorted
    ? t.format('resultCount.sortedBy', { ordering: sortedByText(sortedBy, t) })
    : '';
  // Spec §4: the count is re-announced 2000 ms after it appears, sorted or not.
  useAnnouncement(`${text}${how}`, { delayMs: RESULT_COUNT_REANNOUNCE_MS });
  return (
    <p
      className="woocommerce-result-count cw-result-count"
      {...(sorted ? { 'data-is-sorted-by': 'true' } : {})}
    >
      {text}
      {sorted ? <span className="cw-visually-hidden">{how}</span> : null}
    </p>
  );
}
