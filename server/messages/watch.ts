import type { FastifyInstance } from 'fastify';
import type { ConsoleSocket } from './socket';
import { MAX_WATCH_IDS, SOCKET_EVENT, type WatchRequest } from '../../domain/socketProtocol';
import type { Session } from '../auth/access';
import { visibleProjects, type ProjectScope } from '../access/scope';

/** Live values of every visible project (a wall showing everything). */
export const WATCH_ALL_ROOM = 'measures:all';
export const watchProjectRoom = (projectId: number) => `measures:project:${projectId}`;
export const watchDeviceRoom = (deviceId: number) => `measures:device:${deviceId}`;
const isWatchRoom = (room: string) => room.startsWith('measures:');

const NOTHING: WatchRequest = { projectIds: [], deviceIds: [] };

/** A watch request as sent, or null when it is not one (the answer names the problem). */
function parseWatch(raw: unknown): WatchRequest | null {
  if (!raw || typeof raw !== 'object') return null;
  const { projectIds, deviceIds } = raw as Record<string, unknown>;
  const ids = (v: unknown) =>
    Array.isArray(v) && v.length <= MAX_WATCH_IDS && v.every((x) => Number.isSafeInteger(x) && (x as number) > 0) ? (v as number[]) : null;
  const projects = projectIds === 'all' ? 'all' : ids(projectIds ?? []);
  const devices = ids(deviceIds ?? []);
  return projects && devices ? { projectIds: projects, deviceIds: devices } : null;
}

/** The measure rooms a request comes to, within what the session may see. */
function roomsFor(app: FastifyInstance, request: WatchRequest, scope: ProjectScope): Set<string> {
  const rooms = new Set<string>();
  const visible = (projectId: number) => scope === 'all' || scope.has(projectId);
  if (request.projectIds === 'all') {
    if (scope === 'all') rooms.add(WATCH_ALL_ROOM);
    else for (const p of scope) rooms.add(watchProjectRoom(p));
  } else for (const p of request.projectIds) if (visible(p)) rooms.add(watchProjectRoom(p));
  for (const d of request.deviceIds) {
    const device = app.telemetry.devices.getSync(d);
    if (device && visible(device.projectid)) rooms.add(watchDeviceRoom(d));
  }
  return rooms;
}

/**
 * Moves a socket into the measure rooms of its watch request (leaving the others). The request is
 * kept, so a re-scoped session re-applies it: a project the user may no longer see stops at once.
 */
export async function applyWatch(app: FastifyInstance, socket: ConsoleSocket, session: Session, request?: WatchRequest): Promise<void> {
  const data = socket.data;
  if (request) data.watch = request;
  const want = roomsFor(app, data.watch ?? NOTHING, await visibleProjects(app, session));
  if (!socket.connected) return;
  for (const room of socket.rooms) if (isWatchRoom(room) && !want.has(room)) void socket.leave(room);
  const joining = [...want].filter((r) => !socket.rooms.has(r));
  if (joining.length) void socket.join(joining);
}

/**
 * The console says what its screens show (domain/socketProtocol.ts WatchRequest); live values follow
 * only that. An acknowledgement, when asked for, answers the spec's envelope.
 */
export function listenForWatch(app: FastifyInstance, socket: ConsoleSocket): void {
  socket.on(SOCKET_EVENT.WATCH, (raw: unknown, ack?: unknown) => {
    const answer = typeof ack === 'function' ? (ack as (a: { code: number; msg: string; data: null }) => void) : () => undefined;
    const request = parseWatch(raw);
    if (!request) {
      answer({ code: 400, msg: `watch: projectIds ('all' or ids) and deviceIds (ids), at most ${MAX_WATCH_IDS} each`, data: null });
      return;
    }
    const session = socket.data.session;
    applyWatch(app, socket, session, request).then(
      () => answer({ code: 0, msg: 'ok', data: null }),
      (err: unknown) => {
        app.log.error({ err }, 'watch failed');
        answer({ code: 500, msg: '服务器内部错误', data: null });
      },
    );
  });
}
