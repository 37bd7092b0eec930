import type { ColumnType, Generated, Selectable } from 'kysely';

/** Tables of the embedded store. JSON-valued columns are TEXT so the same queries run on PostgreSQL. */
interface TenantTable {
  id: Generated<number>;
  name: string;
  customConfig: string | null;
  status: Generated<number>;
  createdAt: number;
}

/** A nullable text column a row may be inserted without. */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

interface UserTable {
  id: Generated<number>;
  name: string;
  nicName: string | null;
  tenantId: number;
  customConfig: string | null;
  /** scrypt$N$r$p$salt$hash of the wire digest */
  passwordHash: string;
  email: string | null;
  mobilePhone: string | null;
  /** 企业微信 / 钉钉 user ids a robot message mentions (issue 28) */
  wecomId: OptionalText;
  dingtalkId: OptionalText;
  /** the language of the notifications sent to this user ('zh_cn' | 'en'); null: zh_cn */
  language: OptionalText;
  createdAt: number;
  updatedAt: number;
  /** 1: the account is disabled (login refused, sessions ended); 0: active */
  disabled: Generated<number>;
}

interface RoleTable {
  id: Generated<number>;
  name: string;
  tenantId: number;
  customConfig: string | null;
  /** JSON array of permission ids */
  pageNodes: string;
  /** JSON array of permission ids */
  auths: string;
}

interface UserRoleTable {
  userId: number;
  roleId: number;
}

interface UsergroupTable {
  id: Generated<number>;
  name: string;
  tenantId: number;
  customConfig: string | null;
}

interface UsergroupUserTable {
  groupId: number;
  userId: number;
}

interface UserModelNodeTable {
  userId: number;
  modelLabel: string;
  nodeId: number;
}

interface AuthTokenTable {
  tokenHash: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  /** the login's client: 'web' (console), 'kiosk' (wall display) or 'api' */
  client: Generated<string>;
}

interface LoginFailureTable {
  id: Generated<number>;
  userName: string;
  /** the source address of the failed login */
  source: string;
  at: number;
}

interface LoginSourceLockTable {
  userName: string;
  source: string;
  lockedUntil: number;
}

interface LoginNonceTable {
  nonce: string;
  userName: string;
  expiresAt: number;
}

interface ProvinceTable {
  id: Generated<number>;
  name: string;
  code: string | null;
}
interface CityTable {
  id: Generated<number>;
  name: string;
  code: string | null;
  provinceid: number;
}
interface DistrictTable {
  id: Generated<number>;
  name: string;
  code: string | null;
  cityid: number;
}

interface ProjectTable {
  id: Generated<number>;
  name: string;
  tenantid: number;
  provinceid: number;
  cityid: number;
  districtid: number;
  address: string | null;
  contact: string | null;
  contactphone: string | null;
  longitude: number | null;
  latitude: number | null;
  status: Generated<number>;
  extendvalue: string | null;
  createdAt: number;
}

interface EnterpriseTable {
  id: Generated<number>;
  name: string;
  tenantid: number;
  projectid: number | null;
  extendvalue: string | null;
}

interface TerminalTable {
  id: Generated<number>;
  name: string;
  code: string;
  devicestatus: number;
  devicetype: string | null;
  vendor: string | null;
  location: string | null;
  installdate: number | null;
  accesstype: number;
  tenantid: number;
  projectid: number;
  /** sha256 of the per-device ingest key; the key itself is shown to managers once */
  devicekeyhash: string | null;
  extendvalue: string | null;
}

interface PecdeviceinfoTable {
  id: Generated<number>;
  provinceid: number;
  cityid: number;
  districtid: number;
  projectid: number;
  deviceid: number;
  pecdeviceid: number;
}

export interface EventLogTable {
  seq: Generated<number>;
  at: number;
  kind: string;
  actorId: number | null;
  actorName: string | null;
  tenantId: number | null;
  projectId: number | null;
  subject: string | null;
  /** JSON text */
  payload: string;
}

interface MeasureThresholdTable {
  deviceid: number;
  dataid: number;
  alarmLimit: number | null;
  warnLimit: number | null;
  hysteresis: number;
  /** 0 or 1 */
  enabled: number;
  updatedAt: number;
}

interface HistoryTable {
  deviceid: number;
  dataid: number;
  time: number;
  value: number;
  status: number;
}

/** One compressed block of a series: its readings of one closed hour, or their 1-minute rollups. */
interface HistoryBlockTable {
  deviceid: number;
  dataid: number;
  /** the hour's first instant (ms, UTC-aligned) */
  start: number;
  /** points (readings or minutes) in the block */
  count: number;
  data: Uint8Array;
}

/** The 1-hour rollup of a series (server/series/rollups.ts). */
interface HistoryHourTable {
  deviceid: number;
  dataid: number;
  time: number;
  min: number;
  max: number;
  sum: number;
  last: number;
  count: number;
  status: number;
}

interface RealtimeTable {
  deviceid: number;
  dataid: number;
  logicalid: number;
  time: number;
  value: number;
  status: number;
}

/** One alarm episode: raised with endeventid 0, ended in place with endeventid 1. */
interface PecEventTable {
  id: Generated<number>;
  eventtime: number;
  endtime: number | null;
  endeventid: number;
  customtype: number;
  peceventlevel: number;
  confirmeventstatus: number;
  value: number | null;
  endvalue: number | null;
  limitvalue: number | null;
  dataid: number | null;
  description: string;
  remark: string | null;
  /** the confirmation stamp (spec §4): who confirmed and when */
  updatetime: number | null;
  operator: string | null;
  /** the remark's own stamp: who wrote the current remark and when */
  remarkoperator: string | null;
  remarktime: number | null;
  /** when the event escalated for staying unconfirmed (issue 19); null while it has not */
  escalatedat: number | null;
  deviceid: number;
  projectid: number;
  tenantid: number;
}

/** A confirmed analysis report (migration 005): node, the projects it covered, period, who and when. */
interface ReportAffirmTable {
  id: Generated<number>;
  modelLabel: string;
  nodeId: number;
  /** sorted project ids the report covered, comma-separated */
  projectKey: string;
  startTime: number;
  endTime: number;
  userId: number;
  operator: string;
  affirmedAt: number;
}

export interface Database {
  tenant: TenantTable;
  app_user: UserTable;
  role: RoleTable;
  user_role: UserRoleTable;
  usergroup: UsergroupTable;
  usergroup_user: UsergroupUserTable;
  user_model_node: UserModelNodeTable;
  auth_token: AuthTokenTable;
  login_failure: LoginFailureTable;
  login_source_lock: LoginSourceLockTable;
  login_nonce: LoginNonceTable;
  province: ProvinceTable;
  city: CityTable;
  district: DistrictTable;
  project: ProjectTable;
  enterprise: EnterpriseTable;
  terminal: TerminalTable;
  pecdeviceinfo: PecdeviceinfoTable;
  event_log: EventLogTable;
  measure_threshold: MeasureThresholdTable;
  history: HistoryTable;
  history_block: HistoryBlockTable;
  history_1m: HistoryBlockTable;
  history_1h: HistoryHourTable;
  realtime: RealtimeTable;
  peceventextend: PecEventTable;
  report_affirm: ReportAffirmTable;
}

export type UserRow = Selectable<UserTable>;
export type RoleRow = Selectable<RoleTable>;
