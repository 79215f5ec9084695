/**
 * The listings' islands (components/Island.tsx): the sort-by form, loaded when a shopper comes to
 * it (decision 0067), not with the page. A sort chosen before the page hydrated is submitted by
 * the inline loader (decision 0053); one chosen after, before this code is in, wakes the island,
 * which takes the choice up and sorts.
 */
export { CatalogOrdering } from '@cartwright/ui-components';
