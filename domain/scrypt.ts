/**
 * scrypt (RFC 7914) in plain TypeScript for the browser, which has no native scrypt: the login
 * proof (domain/loginProof.ts) needs the same salted key the server stores. PBKDF2-HMAC-SHA256 comes
 * from WebCrypto; the memory-hard core (ROMix with Salsa20/8) is here. Checked against node:crypto's
 * scrypt in tests/unit/loginProof.test.ts.
 */

function salsa208(b: Uint32Array): void {
  // Locals instead of array slots: several times faster in every engine.
  let x0 = b[0]!,
    x1 = b[1]!,
    x2 = b[2]!,
    x3 = b[3]!,
    x4 = b[4]!,
    x5 = b[5]!,
    x6 = b[6]!,
    x7 = b[7]!;
  let x8 = b[8]!,
    x9 = b[9]!,
    x10 = b[10]!,
    x11 = b[11]!,
    x12 = b[12]!,
    x13 = b[13]!,
    x14 = b[14]!,
    x15 = b[15]!;
  let u: number;
  for (let i = 0; i < 8; i += 2) {
    u = (x0 + x12) | 0;
    x4 ^= (u << 7) | (u >>> 25);
    u = (x4 + x0) | 0;
    x8 ^= (u << 9) | (u >>> 23);
    u = (x8 + x4) | 0;
    x12 ^= (u << 13) | (u >>> 19);
    u = (x12 + x8) | 0;
    x0 ^= (u << 18) | (u >>> 14);
    u = (x5 + x1) | 0;
    x9 ^= (u << 7) | (u >>> 25);
    u = (x9 + x5) | 0;
    x13 ^= (u << 9) | (u >>> 23);
    u = (x13 + x9) | 0;
    x1 ^= (u << 13) | (u >>> 19);
    u = (x1 + x13) | 0;
    x5 ^= (u << 18) | (u >>> 14);
    u = (x10 + x6) | 0;
    x14 ^= (u << 7) | (u >>> 25);
    u = (x14 + x10) | 0;
    x2 ^= (u << 9) | (u >>> 23);
    u = (x2 + x14) | 0;
    x6 ^= (u << 13) | (u >>> 19);
    u = (x6 + x2) | 0;
    x10 ^= (u << 18) | (u >>> 14);
    u = (x15 + x11) | 0;
    x3 ^= (u << 7) | (u >>> 25);
    u = (x3 + x15) | 0;
    x7 ^= (u << 9) | (u >>> 23);
    u = (x7 + x3) | 0;
    x11 ^= (u << 13) | (u >>> 19);
    u = (x11 + x7) | 0;
    x15 ^= (u << 18) | (u >>> 14);
    u = (x0 + x3) | 0;
    x1 ^= (u << 7) | (u >>> 25);
    u = (x1 + x0) | 0;
    x2 ^= (u << 9) | (u >>> 23);
    u = (x2 + x1) | 0;
    x3 ^= (u << 13) | (u >>> 19);
    u = (x3 + x2) | 0;
    x0 ^= (u << 18) | (u >>> 14);
    u = (x5 + x4) | 0;
    x6 ^= (u << 7) | (u >>> 25);
    u = (x6 + x5) | 0;
    x7 ^= (u << 9) | (u >>> 23);
    u = (x7 + x6) | 0;
    x4 ^= (u << 13) | (u >>> 19);
    u = (x4 + x7) | 0;
    x5 ^= (u << 18) | (u >>> 14);
    u = (x10 + x9) | 0;
    x11 ^= (u << 7) | (u >>> 25);
    u = (x11 + x10) | 0;
    x8 ^= (u << 9) | (u >>> 23);
    u = (x8 + x11) | 0;
    x9 ^= (u << 13) | (u >>> 19);
    u = (x9 + x8) | 0;
    x10 ^= (u << 18) | (u >>> 14);
    u = (x15 + x14) | 0;
    x12 ^= (u << 7) | (u >>> 25);
    u = (x12 + x15) | 0;
    x13 ^= (u << 9) | (u >>> 23);
    u = (x13 + x12) | 0;
    x14 ^= (u << 13) | (u >>> 19);
    u = (x14 + x13) | 0;
    x15 ^= (u << 18) | (u >>> 14);
  }
  b[0] = (b[0]! + x0) | 0;
  b[1] = (b[1]! + x1) | 0;
  b[2] = (b[2]! + x2) | 0;
  b[3] = (b[3]! + x3) | 0;
  b[4] = (b[4]! + x4) | 0;
  b[5] = (b[5]! + x5) | 0;
  b[6] = (b[6]! + x6) | 0;
  b[7] = (b[7]! + x7) | 0;
  b[8] = (b[8]! + x8) | 0;
  b[9] = (b[9]! + x9) | 0;
  b[10] = (b[10]! + x10) | 0;
  b[11] = (b[11]! + x11) | 0;
  b[12] = (b[12]! + x12) | 0;
  b[13] = (b[13]! + x13) | 0;
  b[14] = (b[14]! + x14) | 0;
  b[15] = (b[15]! + x15) | 0;
}

/** BlockMix with Salsa20/8 over 2r 64-byte blocks: B (2r×16 words) → Y, using t (16 words). */
function blockMix(b: Uint32Array, y: Uint32Array, r: number, t: Uint32Array): void {
  t.set(b.subarray((2 * r - 1) * 16, 2 * r * 16));
  for (let i = 0; i < 2 * r; i++) {
    for (let k = 0; k < 16; k++) t[k]! ^= b[i * 16 + k]!;
    salsa208(t);
    // even blocks go to the first half of Y, odd ones to the second
    y.set(t, (i % 2 === 0 ? i / 2 : r + (i - 1) / 2) * 16);
  }
}

function roMix(b: Uint32Array, n: number, r: number): void {
  const words = 32 * r;
  const v = new Uint32Array(words * n);
  const x = b;
  const y = new Uint32Array(words);
  const t = new Uint32Array(16);
  for (let i = 0; i < n; i++) {
    v.set(x, i * words);
    blockMix(x, y, r, t);
    x.set(y);
  }
  for (let i = 0; i < n; i++) {
    // Integerify: the first word of the last 64-byte block, modulo N (a power of two)
    const j = x[(2 * r - 1) * 16]! & (n - 1);
    for (let k = 0; k < words; k++) x[k]! ^= v[j * words + k]!;
    blockMix(x, y, r, t);
    x.set(y);
  }
}

interface Pbkdf2 {
  (password: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>, bytes: number): Promise<Uint8Array<ArrayBuffer>>;
}

/** One-iteration PBKDF2-HMAC-SHA256 with WebCrypto, as scrypt uses it. */
const pbkdf2: Pbkdf2 = async (password, salt, bytes) => {
  const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 1 }, key, bytes * 8));
};

function toWords(bytes: Uint8Array<ArrayBuffer>): Uint32Array {
  const w = new Uint32Array(bytes.length / 4);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < w.length; i++) w[i] = dv.getUint32(i * 4, true);
  return w;
}
function toBytes(words: Uint32Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(words.length * 4);
  const dv = new DataView(out.buffer);
  for (let i = 0; i < words.length; i++) dv.setUint32(i * 4, words[i]!, true);
  return out;
}

/** scrypt(password, salt, N, r, p, dkLen). N must be a power of two above 1. */
export async function scrypt(
  password: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  n: number,
  r: number,
  p: number,
  dkLen: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (n < 2 || (n & (n - 1)) !== 0) throw new Error('scrypt: N must be a power of two');
  const b = await pbkdf2(password, salt, p * 128 * r);
  for (let i = 0; i < p; i++) {
    const block = toWords(b.slice(i * 128 * r, (i + 1) * 128 * r));
    roMix(block, n, r);
    b.set(toBytes(block), i * 128 * r);
  }
  return pbkdf2(password, b, dkLen);
}
