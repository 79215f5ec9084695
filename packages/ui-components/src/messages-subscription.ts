import type { PluralMessage } from './messages';

/** `SubscriptionForm`'s texts (spec §4 "Subscription form"), in English: bundled with the component only (see `CORE_MESSAGES`). */
export const SUBSCRIPTION_MESSAGES = {
  'subscription.success': 'Thanks for subscribing.',
  'subscription.error': 'Something went wrong. Please try again.',
  'subscription.email': 'Email',
  'subscription.name': 'Name',
  'subscription.surname': 'Surname',
  'subscription.submit': 'Subscribe',
  'subscription.honeypot': 'Leave this field empty',
} satisfies Record<string, string | PluralMessage>;
