/**
 * Issue 13, finding 7: hostile characters in login fields. A NUL in the login name reached
 * PostgreSQL (which cannot store or compare one in text) and the login page answered 500.
 * Every login route must answer as for any unknown name, and count the attempt.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drivers, type TestStore } from '../test/drivers';
import { Browser } from '../test/session';

const ACCOUNT = '/wp-json/cartwright/v1/account';
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const HOSTILE = [
  ['a NUL', 'shopper\u0000'],
  ['only a NUL', '\u0000'],
  ['a lone surrogate', 'shopper\ud800'],
  ['a NUL and a lone surrogate', '\u0000\udfff@example.com'],
] as const;

describe.each(drivers)('hostile text in login fields on $name', (driver) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await driver.open();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test.each(HOSTILE)(
    '/wp-login.php with %s in log and pwd shows the login error',
    async (_, text) => {
      const response = await t.store.app.inject({
        method: 'POST',
        url: '/wp-login.php',
        headers: form,
        payload: new URLSearchParams({ log: text, pwd: text }).toString(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('The username or password you entered is incorrect.');
      expect(response.headers['set-cookie'] ?? []).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^wordpress_logged_in_/)]),
      );
    },
  );

  test.each(HOSTILE)(
    'the account login with %s answers 401 invalid_credentials',
    async (_, text) => {
      const browser = new Browser(t.store.app);
      const account = await browser.request({ method: 'GET', url: ACCOUNT });
      const nonces = account.json<{ nonces: Record<string, string> }>().nonces;
      const response = await browser.request({
        method: 'POST',
        url: `${ACCOUNT}/login`,
        headers: form,
        payload: new URLSearchParams({
          username: text,
          password: text,
          'woocommerce-login-nonce': nonces['woocommerce-login-nonce']!,
        }).toString(),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json<{ code: string }>().code).toBe('invalid_credentials');
    },
  );
});
