import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/**
 * New hashes: argon2id at OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1), in the PHC
 * string format (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`), which names its own parameters.
 */
const ARGON2 = {
  // `Algorithm.Argon2id` (a const enum, which isolated modules cannot read).
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/** Passwords longer than this never match (WordPress refuses over 4096 too): bounded work. */
const MAX_PASSWORD_LENGTH = 4096;

/** Hashes a password with argon2id and a fresh salt (the password NFC-normalised first). */
export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFC'), ARGON2);
}

/** Whether a stored hash should be replaced by a fresh {@link hashPassword} at the next login. */
export function passwordNeedsRehash(hash: string): boolean {
  return !hash.startsWith(ARGON2_PREFIX);
}

// --- The store's earlier scrypt hashes: `$scrypt$N=16384,r=8,p=1$<salt>$<key>` ---

const SCRYPT = /^\$scrypt\$N=(\d{1,7}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]{1,64})\$([\w-]{1,128})$/;

function verifyScrypt(password: string, match: RegExpExecArray): Promise<boolean> {
  const [, n, r, p, salt, key] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(key, 'base64url');
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  // Only the parameters this store ever wrote (bounded memory and time).
  if (N > 2 ** 17 || R !== 8 || P !== 1) return Promise.resolve(false);
  return new Promise((resolve) => {
    scrypt(
      password.normalize('NFC'),
      Buffer.from(salt, 'base64url'),
      expected.length,
      { N, r: R, p: P, maxmem: 256 * 1024 * 1024 },
      (error, actual) =>
        resolve(
          error === null && actual.length === expected.length && timingSafeEqual(actual, expected),
        ),
    );
  });
}

// --- WordPress's hashes, so operators can import WordPress users ---

/**
 * WordPress 6.8+: `$wp` + bcrypt of base64(HMAC-SHA384(key 'wp-sha384', password)); the pre-hash
 * lets passwords past bcrypt's 72 bytes count in full.
 */
const WP_BCRYPT = /^\$wp(\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53})$/;
/** Plain bcrypt (`password_hash` by plugins such as roots/wp-password-bcrypt). */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

function bcryptCompare(secret: string, hash: string): Promise<boolean> {
  // Cost above 2^16 would be a denial of service from one stored hash; WordPress uses 10.
  if (Number(hash.slice(4, 6)) > 16) return Promise.resolve(false);
  return bcrypt.compare(secret, hash);
}

function verifyWordPressBcrypt(password: string, bcryptHash: string): Promise<boolean> {
  const preHashed = createHmac('sha384', 'wp-sha384').update(password, 'utf8').digest('base64');
  return bcryptCompare(preHashed, bcryptHash);
}

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** phpass's own base-64 encoding (little-endian groups of 6 bits). */
function phpassEncode64(input: Buffer): string {
  let output = '';
  for (let i = 0; i < input.length; i += 3) {
    const chunk = input.subarray(i, i + 3);
    let value = 0;
    chunk.forEach((byte, index) => (value |= byte << (8 * index)));
    // 1 byte gives 2 characters, 2 give 3, 3 give 4.
    for (let c = 0; c <= chunk.length; c++) output += ITOA64[(value >> (6 * c)) & 0x3f];
  }
  return output;
}

/**
 * phpass "portable" hashes (`$P$` WordPress before 6.8, `$H$` phpBB): MD5 of salt + password,
 * then 2^k rounds of MD5 of the previous digest + password; 8-character salt, k from the 4th
 * character (7 to 30).
 */
const PHPASS = /^\$[PH]\$[./A-Za-z0-9]{31}$/;

export function phpassHash(password: string, setting: string): string | undefined {
  const log2 = ITOA64.indexOf(setting[3] ?? '');
  // WordPress writes 2^13; above 2^24 rounds a stored hash would stall the login.
  if (log2 < 7 || log2 > 24) return undefined;
  const salt = setting.slice(4, 12);
  if (salt.length !== 8) return undefined;
  const secret = Buffer.from(password, 'utf8');
  let digest = createHash('md5').update(salt).update(secret).digest();
  for (let round = 1 << log2; round > 0; round--) {
    digest = createHash('md5').update(digest).update(secret).digest();
  }
  return `${setting.slice(0, 12)}${phpassEncode64(digest)}`;
}

function verifyPhpass(password: string, hash: string): boolean {
  const computed = phpassHash(password, hash);
  return (
    computed !== undefined &&
    computed.length === hash.length &&
    timingSafeEqual(Buffer.from(computed), Buffer.from(hash))
  );
}

/**
 * Whether `password` matches `hash`: the store's argon2id (and its earlier scrypt) hashes, and
 * WordPress's `$wp$2y$` (6.8+), plain bcrypt and `$P$`/`$H$` phpass hashes, so imported WordPress
 * users can log in (and are rehashed to argon2id then). A malformed or unknown hash never matches.
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  if (hash.startsWith('$argon2id$')) {
    return argon2Verify(hash, password.normalize('NFC')).catch(() => false);
  }
  const scryptMatch = SCRYPT.exec(hash);
  if (scryptMatch !== null) return verifyScrypt(password, scryptMatch);
  const wp = WP_BCRYPT.exec(hash);
  if (wp !== null) return verifyWordPressBcrypt(password, wp[1]!);
  if (BCRYPT.test(hash)) return bcryptCompare(password, hash);
  if (PHPASS.test(hash)) return verifyPhpass(password, hash);
  return false;
}

let decoy: Promise<string> | undefined;

/**
 * A hash of a random password that nobody knows: verified against when the login name does not
 * exist, so a wrong name and a wrong password take the same time (no user enumeration).
 */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
