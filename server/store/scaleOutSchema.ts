/** Tables of migrations 006_scale_out and 008_file_blobs, merged into Database like server/store/infoSchema.ts. */
interface ServerSecretTable {
  name: string;
  value: string;
  createdAt: number;
}

interface AlarmStateTable {
  deviceid: number;
  dataid: number;
  rank: number;
  releasecount: number;
  episodeid: number | null;
  lasttime: number;
}

/** PostgreSQL only (migration 008_file_blobs): uploaded files' bytes. */
interface StoredFileBlobTable {
  name: string;
  bytes: Buffer;
}

declare module './schema' {
  interface Database {
    server_secret: ServerSecretTable;
    alarm_state: AlarmStateTable;
    stored_file_blob: StoredFileBlobTable;
  }
}

// a module, so the block above extends ./schema's Database instead of declaring a new one
export {};
