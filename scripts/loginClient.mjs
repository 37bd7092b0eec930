// The login of docs/security.md for Node tools (tests, benches, the production check): fetch a
// one-time nonce, answer with the proof. Mirrors domain/loginProof.ts with node:crypto (native scrypt);
// tests/unit/loginProof.test.ts checks both give the same proof.
import { createHash, createHmac, scrypt } from 'node:crypto';

/** sha256_hex("voltguard" + password): the wire digest. */
export const wireDigest = (plain) => createHash('sha256').update(`voltguard${plain}`).digest('hex');

/** The login body answering a challenge from POST /auth/v1/login/nonce. */
export async function loginPayload(userName, plain, challenge, timestamps = Date.now(), client = 'web') {
  const salted = await new Promise((resolve, reject) =>
    scrypt(
      wireDigest(plain),
      Buffer.from(challenge.salt, 'hex'),
      32,
      { N: challenge.n, r: challenge.r, p: challenge.p, maxmem: 256 * 1024 * 1024 },
      (e, k) => (e ? reject(e) : resolve(k)),
    ),
  );
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const signature = createHmac('sha256', storedKey).update(`${userName}\n${challenge.nonce}\n${timestamps}`).digest();
  const proof = Buffer.alloc(32);
  for (let i = 0; i < 32; i++) proof[i] = clientKey[i] ^ signature[i];
  return { userName, password: proof.toString('hex'), nonce: challenge.nonce, timestamps, client };
}

/**
 * Logs in through any JSON poster: `post(path, body)` answers the parsed envelope. Returns the login
 * envelope (its data holds token and user when code is 0). `client` is 'web' (the console), 'kiosk' or
 * 'api': only a web login ends the user's older web sessions ("logged in elsewhere").
 */
export async function loginWith(post, userName, plain, timestamps = Date.now(), client = 'web') {
  const nonce = await post('/auth/v1/login/nonce', { userName });
  if (nonce.code !== 0) return nonce;
  return post('/auth/v1/login', await loginPayload(userName, plain, nonce.data, timestamps, client));
}
