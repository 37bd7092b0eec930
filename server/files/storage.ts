import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import '../store/scaleOutSchema';

/**
 * Bytes of uploaded files under <dataDir>/files. Stored names are generated (uuid + extension), so a
 * client-supplied name never becomes a path; lookups accept only that generated form.
 */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

export interface FileBytes {
  save(ext: string, bytes: Buffer): Promise<string>;
  read(name: string): Promise<Buffer | undefined>;
  remove(name: string): Promise<void>;
}

export class FileStorage implements FileBytes {
  constructor(readonly dir: string) {}

  static isStoredName(name: string): boolean {
    return STORED_NAME.test(name);
  }

  async save(ext: string, bytes: Buffer): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${randomUUID()}.${ext}`;
    // Write then rename, so a crash never leaves a half-written file under a name we hand out.
    const tmp = path.join(this.dir, `.${name}.tmp`);
    await fs.writeFile(tmp, bytes, { mode: 0o600 });
    await fs.rename(tmp, path.join(this.dir, name));
    return name;
  }

  async read(name: string): Promise<Buffer | undefined> {
    if (!FileStorage.isStoredName(name)) return undefined;
    try {
      return await fs.readFile(path.join(this.dir, name));
    } catch {
      return undefined;
    }
  }

  async remove(name: string): Promise<void> {
    if (FileStorage.isStoredName(name)) await fs.rm(path.join(this.dir, name), { force: true });
  }
}

/**
 * The bytes in PostgreSQL (stored_file_blob), so every instance of a deployment serves every upload.
 * Same generated names, same lookups.
 */
export class DatabaseFileStorage implements FileBytes {
  constructor(private readonly db: Kysely<Database>) {}

  async save(ext: string, bytes: Buffer): Promise<string> {
    const name = `${randomUUID()}.${ext}`;
    await this.db.insertInto('stored_file_blob').values({ name, bytes }).execute();
    return name;
  }

  async read(name: string): Promise<Buffer | undefined> {
    if (!FileStorage.isStoredName(name)) return undefined;
    const row = await this.db.selectFrom('stored_file_blob').select('bytes').where('name', '=', name).executeTakeFirst();
    return row?.bytes;
  }

  async remove(name: string): Promise<void> {
    if (FileStorage.isStoredName(name)) await this.db.deleteFrom('stored_file_blob').where('name', '=', name).execute();
  }
}
