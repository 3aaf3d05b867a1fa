import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { getServerSecret } from '@/lib/auth/server-secrets';
import type { Database } from '@/lib/db/client';
import { getServerEnv } from '@/lib/env/server';
import { siteUrl } from '@/lib/env/public';

/**
 * The personal link a registrant manages their registration with (`/registrations/<token>`).
 * The token is 32 random bytes (base64url, 43 characters). The database keeps its SHA-256, to
 * find the registration, and the token sealed with a key derived from the server's secret, so
 * that a later email (promotion, reminder) can carry the same link; neither reveals the token.
 */

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type IssuedToken = { token: string; hash: string; sealed: string };

export function isWellFormedManageToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The key that seals tokens. Read before a transaction starts: on the embedded database a second
 * query from inside a transaction would wait for that transaction forever.
 */
export async function manageLinkKey(db: Database): Promise<Buffer> {
  const envSecret = getServerEnv().BETTER_AUTH_SECRET;
  if (envSecret) return keyOf(envSecret);
  // The stored secret never changes once made: read once per database, not per registration.
  let stored = storedSecrets.get(db);
  if (!stored) {
    stored = getServerSecret(db, 'auth');
    storedSecrets.set(db, stored);
    stored.catch(() => storedSecrets.delete(db));
  }
  return keyOf(await stored);
}

const storedSecrets = new WeakMap<Database, Promise<string>>();
const derivedKeys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = derivedKeys.get(secret);
  if (!key) {
    key = createHash('sha256').update(`registration-manage-links:${secret}`).digest();
    derivedKeys.set(secret, key);
  }
  return key;
}

export function issueManageToken(key: Buffer): IssuedToken {
  const token = randomBytes(32).toString('base64url');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return {
    token,
    hash: hashManageToken(token),
    sealed: [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.'),
  };
}

/** The token back from its sealed form; null when it cannot be opened (the secret changed). */
export function unsealManageToken(key: Buffer, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function manageUrl(token: string): string {
  return new URL(`/registrations/${token}`, siteUrl()).toString();
}
