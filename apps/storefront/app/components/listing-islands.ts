/**
 * The listings' islands (components/Island.tsx): the sort-by form and the page links, loaded (one
 * chunk) when a shopper comes to either (decision 0067), not with the page. A sort chosen before the page hydrated is submitted by
 * the inline loader (decision 0053); one chosen after, before this code is in, wakes the island,
 * which takes the choice up and sorts.
 */
export { CatalogOrdering, Pagination } from '@cartwright/ui-components';
