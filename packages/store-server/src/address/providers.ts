/** The store's address providers configuration. */

/** The id of the store's address provider in the server providers configuration. */
export const STORE_ADDRESS_PROVIDER_ID = 'cartwright_store';

/**
 * The server providers configuration (wire contract §4.2): the store's own provider, no branding.
 */
export function addressProviders(): { id: string; name: string; branding_html: string }[] {
  return [{ id: STORE_ADDRESS_PROVIDER_ID, name: 'Cartwright address search', branding_html: '' }];
}
