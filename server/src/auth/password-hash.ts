import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { verifyPassword } from 'better-auth/crypto';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: string,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * Better Auth's hashes are scrypt with N=16384, r=16 (32 MiB and a sixth of a second of a core each),
 * as they should be. The test suites sign thousands of people up and in, so with
 * FAST_PASSWORD_HASH (NODE_ENV=test only, config.ts refuses it elsewhere) new hashes are scrypt at
 * N=1024, r=8, marked with this prefix; a hash without it (the demo seed's, one written by a test
 * with Better Auth's own function) is still checked by Better Auth. See decision 075.
 */
const FAST_PREFIX = 'scrypt-test-n1024$';
const FAST_OPTIONS: crypto.ScryptOptions = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 64;

async function fastKey(password: string, salt: string) {
  return scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, FAST_OPTIONS);
}

/** Better Auth's `emailAndPassword.password` with the test suites' cheap hash, or undefined for its own. */
export function testPasswordHasher(fast: boolean) {
  if (!fast) return undefined;
  return {
    hash: async (password: string) => {
      const salt = crypto.randomBytes(16).toString('hex');
      return `${FAST_PREFIX}${salt}:${(await fastKey(password, salt)).toString('hex')}`;
    },
    verify: async ({ hash, password }: { hash: string; password: string }) => {
      if (!hash.startsWith(FAST_PREFIX)) return verifyPassword({ hash, password });
      const [salt, key] = hash.slice(FAST_PREFIX.length).split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await fastKey(password, salt);
      return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
    },
  };
}

/** Whether a stored hash is the test suites' cheap one (passwords.test.ts checks that test mode writes it). */
export const isTestPasswordHash = (hash: string) => hash.startsWith(FAST_PREFIX);
