/**
 * Issue 13, finding 6 (passwords): new hashes are argon2id at OWASP's parameters; the store's old
 * scrypt hashes and WordPress's own hashes (`$wp$2y$` from 6.8, plain bcrypt, `$P$`/`$H$` phpass)
 * verify, so an operator can import WordPress users; each is replaced by argon2id at its first
 * successful login.
 *
 * Vectors: the `$wp$` and `$2y$` hashes were made with PHP 8.2 (`password_hash` over
 * `base64_encode(hash_hmac('sha384', $password, 'wp-sha384', true))`, as WordPress 6.8 does); the
 * phpass hashes are the published test vectors of phpass and of passlib's test suite.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '../auth/password';
import { users } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Browser } from '../test/session';

const LONG = 'long password '.repeat(8);

const VECTORS: [string, string, string][] = [
  [
    'WordPress 6.8 $wp$2y$',
    'correct horse battery',
    '$wp$2y$05$yKp9jeuVZq1i4/HXDo8KtuwKkKLuL1yPzXyLqYB3X21CBzMzgRFQ2',
  ],
  [
    'WordPress 6.8 $wp$2y$, non-ASCII',
    'pässwörd ünïcode',
    '$wp$2y$05$bucLsY1uQXHEQDEhHnYFNerwqAAU9EOlJ50F48/t.cdkafCeVaYkG',
  ],
  [
    'WordPress 6.8 $wp$2y$, spaces kept',
    ' spaced ',
    '$wp$2y$05$hSQF0ME3Rwoc1DkRSEXDnegtqiq2dRyFNegPI3xpgAF5lxXuNb4jC',
  ],
  [
    'WordPress 6.8 $wp$2y$, past 72 bytes',
    LONG,
    '$wp$2y$05$cIPAhlIaskTOQOv5NVgGNOpO139Pw5eU6hM8TKJTqdMSgN3YUBkWG',
  ],
  [
    'plain bcrypt $2y$',
    'plain bcrypt',
    '$2y$05$F5r/O2a3oM6Zi/eTzf9vDeP./ekcN4stjincr.VOSHI1GMeG9WV/m',
  ],
  ['phpass $P$', 'test12345', '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0'],
  ['phpass $H$', 'test1', '$H$9aaaaaSXBjgypwqm.JsMssPLiS8YQ00'],
  ['phpass $H$ (another salt)', '123456', '$H$9PE8jEklgZhgLmZl5.HYJAzfGCQtzi1'],
  ['phpass $P$, non-ASCII', 'ąćęłóńśźż', '$P$ByXWbzDvVAJ0jxvNp5sv4xYPIRXJJ1.'],
  [
    "the store's earlier scrypt",
    'old scrypt password',
    '$scrypt$N=16384,r=8,p=1$MDEyMzQ1Njc4OWFiY2RlZg$LE9btj1h6_fLK56wEg30TpAOk4VcbbZ46GWOMN7apog',
  ],
];

describe('password hashes', () => {
  test('new hashes are argon2id at m=19 MiB, t=2, p=1, salted, and verify', async () => {
    const first = await hashPassword('a new password');
    const second = await hashPassword('a new password');
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(second).not.toBe(first);
    expect(await verifyPassword('a new password', first)).toBe(true);
    expect(await verifyPassword('a new passwore', first)).toBe(false);
    expect(passwordNeedsRehash(first)).toBe(false);
  });

  test.each(VECTORS)('%s verifies its password and no other', async (_, password, hash) => {
    expect(await verifyPassword(password, hash)).toBe(true);
    expect(await verifyPassword(`${password}x`, hash)).toBe(false);
    expect(await verifyPassword(password.slice(0, -1), hash)).toBe(false);
    expect(passwordNeedsRehash(hash)).toBe(true);
  });

  test('the $wp$ pre-hash makes bytes past 72 count (plain bcrypt would ignore them)', async () => {
    const hash = VECTORS.find(([name]) => name.includes('past 72'))![2];
    expect(await verifyPassword(`${LONG.slice(0, 100)}X${LONG.slice(101)}`, hash)).toBe(false);
  });

  test.each([
    ['empty', ''],
    ['unknown scheme', '$1$abcdefgh$0123456789abcdefghijkl'],
    ['phpass with too many rounds', '$P$ZIQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0'],
    [
      'scrypt with huge N',
      '$scrypt$N=4194304,r=8,p=1$MDEyMzQ1Njc4OWFiY2RlZg$LE9btj1h6_fLK56wEg30TpAOk4VcbbZ46GWOMN7apog',
    ],
    ['bcrypt with cost 31', '$2y$31$F5r/O2a3oM6Zi/eTzf9vDeP./ekcN4stjincr.VOSHI1GMeG9WV/m'],
    ['truncated argon2id', '$argon2id$v=19$m=19456,t=2,p=1$abc'],
  ])('a malformed or abusive hash (%s) never matches and costs little', async (_, hash) => {
    const started = performance.now();
    expect(await verifyPassword('test12345', hash)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe.each(drivers)('imported WordPress users log in on $name', (driver) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await driver.open();
    await t.db.insert(users).values(
      VECTORS.map(([, , hash], index) => ({
        login: `imported${index}`,
        email: `imported${index}@example.com`,
        displayName: `Imported ${index}`,
        role: 'customer' as const,
        passwordHash: hash,
      })),
    );
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test.each(VECTORS.map((vector, index) => [vector[0], vector[1], index] as const))(
    'a %s user logs in, and the hash becomes argon2id',
    async (_, password, index) => {
      const browser = new Browser(t.store.app);
      const wrong = await browser.request({
        method: 'POST',
        url: '/wp-login.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ log: `imported${index}`, pwd: `${password}!` }).toString(),
      });
      expect(wrong.statusCode).toBe(200);
      await browser.logIn(`imported${index}`, password);
      const me = await browser.request({ url: '/wp-json/cartwright/v1/account' });
      expect(me.json<{ username: string }>().username).toBe(`imported${index}`);
      const [row] = await t.db
        .select()
        .from(users)
        .where(eq(users.login, `imported${index}`));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(password, row!.passwordHash)).toBe(true);
      // The fresh login cookie was made for the new hash: it keeps working.
      expect(
        (await browser.request({ url: '/wp-json/cartwright/v1/account' })).json<{
          logged_in: boolean;
        }>().logged_in,
      ).toBe(true);
    },
  );
});
