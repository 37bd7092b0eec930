import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_SECRET_FILE = 'device-key-secret';

/**
 * Per-device ingest keys: HMAC-SHA256(server secret, device code). Nothing per device is stored, so a
 * device added to the ledger has a key at once; rotating the secret file re-keys every device.
 * The secret lives in a 0600 file in the data dir and never leaves the server.
 */
export class DeviceKeys {
  private readonly secret: Buffer;

  constructor(dataDir: string) {
    const file = path.join(dataDir, DEVICE_SECRET_FILE);
    if (!fs.existsSync(file)) {
      fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    }
    fs.chmodSync(file, 0o600);
    this.secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  }

  keyOf(code: string): string {
    return createHmac('sha256', this.secret).update(code).digest('base64url');
  }

  verify(code: string, key: string | undefined): boolean {
    if (!key) return false;
    const want = Buffer.from(this.keyOf(code));
    const got = Buffer.from(key);
    return want.length === got.length && timingSafeEqual(want, got);
  }
}
