import type { MeasureMessage, NoticeMessage } from './telemetry';

/**
 * The notification socket's events, shared by server and browser so both sides spell the event names
 * and their payloads the same way (the typed maps below are socket.io's `Server<…>` and `Socket<…>`).
 */
/** socket.io's path on the server (spec §7 message server). */
export const SOCKET_PATH = '/messageServer/websocket';

export const SOCKET_EVENT = {
  /** a sequenced notice (alarm, event, user message) the console shows; replayed after a reconnect */
  MESSAGE: 'message',
  /**
   * several sequenced notices at once, in seq order, each to be handled as a `message`: sent only to a
   * console that asked for them (handshake `auth.batches: true`) when notices queued up for it
   */
  MESSAGES: 'messages',
  /** a batch of live values of the devices the console watches */
  MEASURES: 'measures',
  /** a tenant's settings changed: the console reloads them */
  SETTINGS: 'settings',
  /** the replay after a (re)connect is done; later messages follow in seq order */
  READY: 'ready',
  /** the console's last seen seq is outside what the server holds: reload instead of replaying */
  RESYNC: 'resync',
  /** the server is shutting down: reconnect at once, it is coming back */
  GOING_AWAY: 'going_away',
  /** this socket's session has ended; the client ends its session too and does not reconnect */
  REVOKED: 'revoked',
  /** the user's role or project scope changed: the socket's rooms were re-scoped, reload the user */
  RESCOPED: 'rescoped',
  /** client → server: which devices' live values the current screen shows (replaces the previous watch) */
  WATCH: 'watch',
  /** whether this instance's store takes writes (StoreNotice): sent on connect and on every change */
  STORE: 'store',
  /** client → server: the console's keep-alive while its tab is hidden */
  KEEPALIVE: 'keepalive',
} as const;

/**
 * What the console's store banner says (issue 34): the store takes writes ('ok'), cannot be reached
 * (PostgreSQL restarting or failing over), its disk is full, or it only reads. Live values and alarms
 * still reach the console meanwhile; what cannot be saved is refused with the matching 503.
 */
const STORE_STATES = ['ok', 'unreachable', 'full', 'read_only'] as const;
export type StoreState = (typeof STORE_STATES)[number];

export interface StoreNotice {
  state: StoreState;
  /** when this instance first met the fault (ms); null while ok */
  since: number | null;
}

export function isStoreNotice(v: unknown): v is StoreNotice {
  const n = v as StoreNotice | null;
  return !!n && (STORE_STATES as readonly string[]).includes(n.state) && (n.since === null || typeof n.since === 'number');
}

/**
 * What a console's screens show, sent whole on every change and after every (re)connect: the server
 * pushes live values ('measures') of these projects and devices only, within what the user may see.
 * Alarms and other events are not affected: they reach every console allowed to see them.
 */
export interface WatchRequest {
  /** projects whose every device is shown (the wall); 'all' for every visible project */
  projectIds: number[] | 'all';
  /** single devices shown (the realtime table, the device dialog) */
  deviceIds: number[];
}

/** Bounds of one watch request (the server refuses more). */
export const MAX_WATCH_IDS = 20_000;

export interface GoingAwayNotice {
  reason: 'shutdown';
  /**
   * When to try again, in ms: how long this server took to start (a restart takes about as long), so
   * consoles do not spend the restart knocking at a closed port while it boots. Absent where retrying
   * at once is right: behind a balancer whose other instances take the connection, or when the start
   * also created the data (a first start is no measure of a restart).
   */
  backInMs?: number;
}

/** The longest a console waits on a going-away notice's word before it tries again. */
export const MAX_BACK_IN_MS = 10_000;

/** A notice's `backInMs` as a console takes it: a finite wait, at most MAX_BACK_IN_MS; 0 when absent or unusable. */
export function backInOf(notice: unknown): number {
  const ms = (notice as Partial<GoingAwayNotice> | null)?.backInMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_BACK_IN_MS) : 0;
}

/** Why a session was ended under an open console. */
const REVOKE_REASONS = [
  'logout',
  'expired',
  'password_changed',
  'password_reset',
  'user_disabled',
  'user_deleted',
  'tenant_suspended',
  'tenant_removed',
  'logged_in_elsewhere',
] as const;
export type RevokeReason = (typeof REVOKE_REASONS)[number];

export function isRevokeReason(v: unknown): v is RevokeReason {
  return typeof v === 'string' && (REVOKE_REASONS as readonly string[]).includes(v);
}

export interface RevokedNotice {
  reason: RevokeReason;
  /** the spec's message (§8 "Token expired or logged in elsewhere") */
  msg: string;
}

/** Spec §8: token expired or logged in elsewhere. */
export const SESSION_ENDED_MSG = 'token过了有效期或账号被其他用户登录, 请重新登录！';

/** The login `client` of a web console session; kiosk and API tokens use other values. */
export const WEB_CLIENT = 'web';
export const LOGIN_CLIENTS = ['web', 'kiosk', 'api'] as const;
export type LoginClient = (typeof LOGIN_CLIENTS)[number];

/** Where the console stands after a reconnect. */
interface ReadyNotice {
  headSeq: number;
}

interface ResyncNotice {
  headSeq: number;
  /** 'ahead': the console saw more than this server holds; 'window': older than the replay window */
  reason: 'ahead' | 'window';
}

/** The answer to a watch request, in the spec's envelope. */
interface WatchAnswer {
  code: number;
  msg: string;
  data: null;
}

/** Everything the server sends on the socket, by event. */
export interface ServerToClientEvents {
  [SOCKET_EVENT.MESSAGE]: (message: NoticeMessage) => void;
  [SOCKET_EVENT.MESSAGES]: (messages: NoticeMessage[]) => void;
  [SOCKET_EVENT.MEASURES]: (list: MeasureMessage[]) => void;
  [SOCKET_EVENT.SETTINGS]: () => void;
  [SOCKET_EVENT.READY]: (notice: ReadyNotice) => void;
  [SOCKET_EVENT.RESYNC]: (notice: ResyncNotice) => void;
  [SOCKET_EVENT.GOING_AWAY]: (notice: GoingAwayNotice) => void;
  [SOCKET_EVENT.REVOKED]: (notice: RevokedNotice) => void;
  [SOCKET_EVENT.RESCOPED]: (notice: Record<string, never>) => void;
  [SOCKET_EVENT.STORE]: (notice: StoreNotice) => void;
}

/**
 * Everything a console sends. The server still checks each payload (a socket is a client like any
 * other): these are the shapes a well-behaved console sends, not a promise about the wire.
 */
export interface ClientToServerEvents {
  [SOCKET_EVENT.WATCH]: (request: WatchRequest, ack?: (answer: WatchAnswer) => void) => void;
  [SOCKET_EVENT.KEEPALIVE]: (payload: string) => void;
}
