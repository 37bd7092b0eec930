/**
 * The wire digest of a password: sha256_hex("voltguard" + plainPassword), lower-case hex.
 * The plain password never leaves the browser; the server stores only a salted scrypt hash of this digest.
 */
const DIGEST_PREFIX = 'voltguard';

export async function passwordDigest(plain: string): Promise<string> {
  const bytes = new TextEncoder().encode(DIGEST_PREFIX + plain);
  const hash = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const DIGEST_PATTERN = /^[0-9a-f]{64}$/;
