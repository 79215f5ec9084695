import { createContext, useContext } from 'react';

/**
 * This response's Content-Security-Policy nonce (app/lib/security-headers.server.ts), given by
 * entry.server to every inline script the page writes. Undefined in the browser: the nonce only
 * matters in the HTML the server sends (browsers hide it from the DOM once they have read it).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
