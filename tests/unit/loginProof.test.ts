import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scrypt } from '../../domain/scrypt';
import { bytesToHex, loginProof } from '../../domain/loginProof';
import { loginPayload, wireDigest } from '../../scripts/loginClient.mjs';
import { hashPassword, parseStored, upgradeStored, verifyPassword, verifyProof } from '../../server/auth/passwords';

describe('scrypt in TypeScript (the browser has none)', () => {
  it.each([
    [16, 1, 1],
    [1024, 8, 1],
    [16384, 8, 1],
    [64, 2, 3],
  ])('equals node:crypto for N=%i r=%i p=%i', async (n, r, p) => {
    const pw = new Uint8Array(randomBytes(20));
    const salt = new Uint8Array(randomBytes(16));
    const mine = await scrypt(pw, salt, n, r, p, 32);
    expect(bytesToHex(mine)).toBe(scryptSync(pw, salt, 32, { N: n, r, p, maxmem: 64 * 1024 * 1024 }).toString('hex'));
  });

  it('refuses an N that is not a power of two', async () => {
    await expect(scrypt(new Uint8Array(1), new Uint8Array(1), 1000, 1, 1, 32)).rejects.toThrow('power of two');
  });
});

describe('the login proof', () => {
  const challenge = { nonce: 'ab'.repeat(16), salt: '0f'.repeat(16), n: 1024, r: 8, p: 1 };

  it('the browser and the Node tools make the same proof', async () => {
    const browser = await loginProof({ userName: 'root', password: 'Root#Pass2024', timestamps: 1_700_000_000_000, challenge });
    const node = await loginPayload('root', 'Root#Pass2024', challenge, 1_700_000_000_000);
    expect(node.password).toBe(browser);
    expect(browser).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the server accepts it for that name, nonce and time only', async () => {
    const stored = parseStored(await hashPassword(wireDigest('Root#Pass2024')))!;
    const c = { ...challenge, salt: stored.salt.toString('hex'), n: stored.n, r: stored.r, p: stored.p };
    const t = 1_700_000_000_000;
    const proof = await loginProof({ userName: 'root', password: 'Root#Pass2024', timestamps: t, challenge: c });
    expect(verifyProof(stored, 'root', c.nonce, t, proof)).toBe(true);
    expect(verifyProof(stored, 'root', 'cd'.repeat(16), t, proof)).toBe(false);
    expect(verifyProof(stored, 'root', c.nonce, t + 1, proof)).toBe(false);
    expect(verifyProof(stored, 'admin', c.nonce, t, proof)).toBe(false);
    const wrong = await loginProof({ userName: 'root', password: 'Root#Pass2025', timestamps: t, challenge: c });
    expect(verifyProof(stored, 'root', c.nonce, t, wrong)).toBe(false);
    expect(verifyProof(stored, 'root', c.nonce, t, 'zz')).toBe(false);
  });

  it('the older stored form is upgraded without the password, and both verify the same digest', async () => {
    const digest = wireDigest('Demo#Pass2024');
    const salt = randomBytes(16);
    const legacy = `scrypt$16384$8$1$${salt.toString('base64')}$${scryptSync(digest, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')}`;
    const upgraded = upgradeStored(legacy);
    expect(upgraded).toMatch(/^scram\$16384\$8\$1\$/);
    expect(upgradeStored(upgraded)).toBe(upgraded);
    expect(await verifyPassword(digest, legacy)).toBe(true);
    expect(await verifyPassword(digest, upgraded)).toBe(true);
    expect(await verifyPassword(wireDigest('other'), upgraded)).toBe(false);
    // what is stored logs nobody in: it is not the salted key a proof is made from
    expect(upgraded).not.toContain(legacy.split('$')[5]);
  });
});
