/** Tables of migration 006_scale_out, merged into Database like server/store/infoSchema.ts. */
export interface ServerSecretTable {
  name: string;
  value: string;
  createdAt: number;
}

export interface AlarmStateTable {
  deviceid: number;
  dataid: number;
  rank: number;
  releasecount: number;
  episodeid: number | null;
  lasttime: number;
}

declare module './schema' {
  interface Database {
    server_secret: ServerSecretTable;
    alarm_state: AlarmStateTable;
  }
}
