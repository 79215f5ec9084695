/**
 * The store notice's live code (an island, components/SiteNotice.tsx): ui-components'
 * `StoreNotice`, whose dismiss sets the cookie and hides the notice without a page load.
 */
export { StoreNotice } from '@cartwright/ui-components';
