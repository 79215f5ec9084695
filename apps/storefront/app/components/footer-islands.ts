/**
 * The footer's islands (components/Island.tsx): loaded when a shopper comes to use them, not
 * with the page.
 */
export { ComingSoonBanner, SubscriptionForm } from '@cartwright/ui-components';
