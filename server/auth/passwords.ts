import { createHash, createHmac, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { loginMessage } from '../../domain/loginProof';

const scrypt = (pw: string | Buffer, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));

export const SCRYPT_N = 16384;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
const KEYLEN = 32;

/**
 * What is stored for a password: `scram$N$r$p$salt$storedKey` (base64), where
 * storedKey = SHA-256(HMAC-SHA256(scrypt(digest, salt), "Client Key")). It verifies a login proof
 * (domain/loginProof.ts) and a wire digest, and neither it nor a captured proof logs anyone in.
 * The older form `scrypt$N$r$p$salt$key` (the salted key itself) is upgraded at start.
 */
export interface StoredPassword {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  storedKey: Buffer;
}

const hmac = (key: Buffer, msg: string | Buffer) => createHmac('sha256', key).update(msg).digest();
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();
const storedKeyOf = (salted: Buffer) => sha256(hmac(salted, 'Client Key'));

function format(s: StoredPassword): string {
  return `scram$${s.n}$${s.r}$${s.p}$${s.salt.toString('base64')}$${s.storedKey.toString('base64')}`;
}

/** Reads either stored form; null for anything else. */
export function parseStored(stored: string): StoredPassword | null {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if ((scheme !== 'scram' && scheme !== 'scrypt') || !saltB64 || !keyB64) return null;
  const key = Buffer.from(keyB64, 'base64');
  const parsed = { n: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(saltB64, 'base64') };
  if (![parsed.n, parsed.r, parsed.p].every((v) => Number.isSafeInteger(v) && v > 0)) return null;
  return { ...parsed, storedKey: scheme === 'scram' ? key : storedKeyOf(key) };
}

/** The stored form of a wire digest, with a fresh salt. */
export async function hashPassword(digest: string): Promise<string> {
  const salt = randomBytes(16);
  const salted = await scrypt(digest, salt, KEYLEN, { N: SCRYPT_N, r: SCRYPT_R, p: SCRYPT_P });
  return format({ n: SCRYPT_N, r: SCRYPT_R, p: SCRYPT_P, salt, storedKey: storedKeyOf(salted) });
}

/** A wire digest (password change, root's reset, remote-control verification) against the stored form. */
export async function verifyPassword(digest: string, stored: string): Promise<boolean> {
  const s = parseStored(stored);
  if (!s) return false;
  const salted = await scrypt(digest, s.salt, KEYLEN, { N: s.n, r: s.r, p: s.p, maxmem: 256 * s.n * s.r + 1024 * 1024 });
  return timingSafeEqual(storedKeyOf(salted), s.storedKey);
}

/** A login proof for this user name, nonce and timestamp against the stored form (constant time). */
export function verifyProof(stored: StoredPassword, userName: string, nonce: string, timestamps: number, proofHex: string): boolean {
  const proof = Buffer.from(proofHex, 'hex');
  if (proof.length !== 32) return false;
  const signature = hmac(stored.storedKey, loginMessage(userName, nonce, timestamps));
  const clientKey = Buffer.alloc(32);
  for (let i = 0; i < 32; i++) clientKey[i] = proof[i]! ^ signature[i]!;
  return timingSafeEqual(sha256(clientKey), stored.storedKey);
}

/** The older stored form converted (idempotent: the current form comes back unchanged). */
export function upgradeStored(stored: string): string {
  if (!stored.startsWith('scrypt$')) return stored;
  const s = parseStored(stored);
  return s ? format(s) : stored;
}
