import type { Generated, Selectable } from 'kysely';

/**
 * Tables of migration 003_system_files. They join the Database interface by declaration merging so
 * this tables do not need edits in schema.ts, which the telemetry work changes concurrently.
 */
interface SystemSettingTable {
  tenantId: number;
  /** JSON text of SystemSettings */
  value: string;
  updatedAt: number;
}

interface AccessSchemeTable {
  id: Generated<number>;
  name: string;
  accesstype: number;
  tenantId: number;
  host: string | null;
  port: number | null;
  remark: string | null;
  createdAt: number;
}

interface DeviceAccessSchemeTable {
  deviceid: number;
  schemeId: number;
}

interface StoredFileTable {
  name: string;
  originalName: string;
  mime: string;
  size: number;
  tenantId: number;
  uploaderId: number;
  createdAt: number;
}

declare module './schema' {
  interface Database {
    system_setting: SystemSettingTable;
    access_scheme: AccessSchemeTable;
    device_access_scheme: DeviceAccessSchemeTable;
    stored_file: StoredFileTable;
  }
}

export type AccessSchemeRow = Selectable<AccessSchemeTable>;
