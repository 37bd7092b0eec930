import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { secretFromDatabase, secretFromFile } from '../store/serverSecrets';

const DEVICE_SECRET_FILE = 'device-key-secret';
const DEVICE_SECRET_NAME = 'device-key';

/**
 * Per-device ingest keys: HMAC-SHA256(server secret, device code). Nothing per device is stored, so a
 * device added to the ledger has a key at once; rotating the secret re-keys every device. The secret
 * never leaves the server: on SQLite it is a 0600 file in the data dir; on PostgreSQL, where several
 * instances must agree on it, a row of server_secret.
 */
export class DeviceKeys {
  constructor(private readonly secret: Buffer) {}

  keyOf(code: string): string {
    return createHmac('sha256', this.secret).update(code).digest('base64url');
  }

  /** Constant time: both keys are hashed to one length first, so neither content nor length shows in timing. */
  verify(code: string, key: string | undefined): boolean {
    if (!key) return false;
    const want = createHash('sha256').update(this.keyOf(code)).digest();
    const got = createHash('sha256').update(key).digest();
    return timingSafeEqual(want, got);
  }
}

/** The secret file in the data dir, created on first use. */
export function deviceSecretFromFile(dataDir: string): Buffer {
  return secretFromFile(dataDir, DEVICE_SECRET_FILE);
}

/** The shared secret row, created by whichever instance asks first. */
export async function deviceSecretFromDatabase(db: Kysely<Database>, create = true): Promise<Buffer | null> {
  return secretFromDatabase(db, DEVICE_SECRET_NAME, create);
}

export async function openDeviceKeys(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', dataDir: string): Promise<DeviceKeys> {
  return new DeviceKeys(dialect === 'postgres' ? (await deviceSecretFromDatabase(db))! : deviceSecretFromFile(dataDir));
}
