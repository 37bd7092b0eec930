import { passwordDigest } from './digest';
import { scrypt } from './scrypt';

/**
 * The login proof (docs/security.md "Login"). The server hands out a one-time nonce with the user's
 * salt and scrypt parameters; the browser answers with a proof that it knows the password, bound to
 * that nonce, the user name and the timestamp. The proof is useless a second time (the nonce is spent)
 * and never reveals the password or anything the server could be logged in with.
 *
 *   digest      = sha256_hex("voltguard" + password)               (the wire digest, domain/digest.ts)
 *   salted      = scrypt(digest, salt, N, r, p, 32)                (what the server hashed at signup)
 *   clientKey   = HMAC-SHA256(salted, "Client Key")
 *   storedKey   = SHA-256(clientKey)                                (all the server keeps)
 *   message     = userName + "\n" + nonce + "\n" + timestamps
 *   proof       = clientKey XOR HMAC-SHA256(storedKey, message)    (hex, sent as `password`)
 *
 * The server recomputes HMAC(storedKey, message), recovers clientKey and checks its SHA-256 against
 * storedKey (SCRAM-SHA-256's proof, RFC 5802, over an scrypt-salted password).
 */
export interface LoginChallenge {
  nonce: string;
  /** hex */
  salt: string;
  n: number;
  r: number;
  p: number;
}

/** A key derivation with scrypt's signature (the pure one here, or a faster one where there is one). */
export type ScryptFn = typeof scrypt;

const utf8 = (s: string) => new TextEncoder().encode(s);

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
export const bytesToHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

async function hmac(key: Uint8Array<ArrayBuffer>, message: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, message));
}

export const loginMessage = (userName: string, nonce: string, timestamps: number) => `${userName}\n${nonce}\n${timestamps}`;

/** The client key of a wire digest under a salt: what only a holder of the password can make. */
async function clientKeyOf(digest: string, c: Omit<LoginChallenge, 'nonce'>, kdf: ScryptFn = scrypt) {
  const salted = await kdf(utf8(digest), hexToBytes(c.salt), c.n, c.r, c.p, 32);
  return hmac(salted, utf8('Client Key'));
}

export async function loginProof(
  input: { userName: string; password: string; timestamps: number; challenge: LoginChallenge },
  kdf: ScryptFn = scrypt,
): Promise<string> {
  const clientKey = await clientKeyOf(await passwordDigest(input.password), input.challenge, kdf);
  const storedKey = new Uint8Array(await crypto.subtle.digest('SHA-256', clientKey));
  const signature = await hmac(storedKey, utf8(loginMessage(input.userName, input.challenge.nonce, input.timestamps)));
  return bytesToHex(clientKey.map((b, i) => b ^ signature[i]!));
}
