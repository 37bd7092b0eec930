import type { FastifyInstance } from 'fastify';
import type { ConsoleServer, ConsoleSocket } from './socket';
import type { NoticeMessage } from '../../domain/telemetry';
import { SOCKET_EVENT, type ServerToClientEvents } from '../../domain/socketProtocol';
import type { Session } from '../auth/access';
import type { DomainEvent } from '../eventLog/eventLog';
import { visibleProjects } from '../access/scope';
import { toNotice } from '../alarms/noticeWording';
import type { PacedFanOut } from './fanOut';

const ALL_PROJECTS_ROOM = 'projects:all';
/** the message a user of the escalation role is sent (server/escalation/escalation.ts) */
const ESCALATION_MESSAGE_KIND = 'alarm.escalation_notified';
/** messages addressed to one user (subject `user:<id>`): the escalation message, a work order given to them (issue 29) */
export const USER_MESSAGE_KINDS: readonly string[] = [ESCALATION_MESSAGE_KIND, 'workorder.assigned_notified', 'workorder.overdue_notified'];
const SETTINGS_KINDS = new Set(['system.setting_saved', 'usergroup.created', 'usergroup.updated', 'usergroup.deleted']);
const projectRoom = (id: number) => `project:${id}`;
const isProjectRoom = (room: string) => room === ALL_PROJECTS_ROOM || room.startsWith('project:');
const roomsOf = (scope: 'all' | ReadonlySet<number>): Set<string> =>
  new Set(scope === 'all' ? [ALL_PROJECTS_ROOM] : [...scope].map(projectRoom));

/**
 * Pushes project events over socket.io to the rooms of their project, so a client hears only what
 * its user may see. The last `window` project events stay in memory: a client reconnecting with
 * `auth.lastSeq` gets exactly the ones it missed, in order, once; older than that it is told to resync.
 */
export class PushHub {
  private ring: NoticeMessage[] = [];
  /** every event with seq ≤ floor has left the ring */
  private floor = 0;
  private head = 0;
  private catchUp: (() => Promise<void>) | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly io: ConsoleServer,
    private readonly window: number,
    /** project messages go out through it: paced, in order, never to a socket that left the room */
    private readonly fanOut: PacedFanOut,
  ) {}

  async load(): Promise<void> {
    const rows = await this.app.db
      .selectFrom('event_log')
      .selectAll()
      .where('projectId', 'is not', null)
      .orderBy('seq', 'desc')
      .limit(this.window)
      .execute();
    const head = await this.app.db
      .selectFrom('event_log')
      .select((eb) => eb.fn.max('seq').as('m'))
      .executeTakeFirst();
    this.head = Number(head?.m ?? 0);
    this.ring = rows.reverse().map((r) => toNotice({ ...r, payload: JSON.parse(r.payload) as unknown }));
    this.floor = rows.length < this.window ? 0 : this.ring[0]!.seq - 1;
  }

  publish(ev: DomainEvent): void {
    this.head = Math.max(this.head, ev.seq);
    // Settings and group logos take effect at once: every console re-reads what is in force for it
    // (a hint without data, so nobody learns another tenant's settings).
    if (SETTINGS_KINDS.has(ev.kind)) this.io.local.emit(SOCKET_EVENT.SETTINGS);
    // An escalation message (issue 19) is for one user: only that user's consoles hear it. It is not
    // replayed on reconnect; the message centre holds it.
    if (USER_MESSAGE_KINDS.includes(ev.kind)) {
      const userId = (ev.payload as { userId?: unknown } | null)?.userId;
      // Through the same queue as the project messages: a console drops a message whose seq is not
      // above the last it saw, so every message must reach it in seq order.
      if (typeof userId === 'number') this.fanOut.emitNotice([`user:${userId}`], [], toNotice(ev));
      return;
    }
    if (ev.projectId === null) return;
    const msg = toNotice(ev);
    // Commits publish in seq order; insert in place all the same so replay stays ordered.
    let i = this.ring.length;
    while (i > 0 && this.ring[i - 1]!.seq > msg.seq) i--;
    this.ring.splice(i, 0, msg);
    while (this.ring.length > this.window) this.floor = this.ring.shift()!.seq;
    // Local sockets only: with several instances every instance hears every event (in sequence order)
    // and pushes it to its own consoles, so the ring it replays from and what it pushed never differ.
    this.fanOut.emitNotice([projectRoom(ev.projectId), ALL_PROJECTS_ROOM], [], msg);
  }

  async connect(socket: ConsoleSocket): Promise<void> {
    const session = socket.data.session;
    const scope = await visibleProjects(this.app, session);
    const raw = (socket.handshake.auth as { lastSeq?: unknown }).lastSeq;
    const lastSeq = raw === undefined || raw === null || raw === '' ? null : Number(raw);
    // A console coming over from another instance may have seen events this one has not heard of yet.
    if (this.catchUp && lastSeq !== null && lastSeq > this.head) await this.catchUp();
    if (!socket.connected) return;
    // From here on everything is synchronous: no event can slip between the replay and the join. The
    // replay and 'ready' queue behind what is already on its way to this socket (its user's messages),
    // and what is published after the join queues behind them: the console gets all of it in seq order.
    const visible = (m: NoticeMessage) => scope === 'all' || (m.projectId !== null && scope.has(m.projectId));
    const toSocket = <E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) =>
      this.fanOut.emit('events', [socket.id], [], event, ...args);
    if (lastSeq !== null) {
      if (!Number.isInteger(lastSeq) || lastSeq < this.floor || lastSeq > this.head) {
        toSocket(SOCKET_EVENT.RESYNC, { headSeq: this.head, reason: lastSeq !== null && lastSeq > this.head ? 'ahead' : 'window' });
      } else {
        for (const m of this.ring) if (m.seq > lastSeq && visible(m)) this.fanOut.emitNotice([socket.id], [], m);
      }
    }
    void socket.join([...roomsOf(scope)]);
    toSocket(SOCKET_EVENT.READY, { headSeq: this.head });
  }

  /**
   * Moves a connected socket to the project rooms of its user's current scope (a role, project or
   * tenant change): left rooms stop pushing at once. Returns whether any room changed.
   */
  async rescope(socket: ConsoleSocket, session: Session): Promise<boolean> {
    const want = roomsOf(await visibleProjects(this.app, session));
    if (!socket.connected) return false;
    let changed = false;
    for (const room of socket.rooms) {
      if (isProjectRoom(room) && !want.has(room)) {
        void socket.leave(room);
        changed = true;
      }
    }
    const joining = [...want].filter((r) => !socket.rooms.has(r));
    if (joining.length) {
      void socket.join(joining);
      changed = true;
    }
    return changed;
  }

  headSeq(): number {
    return this.head;
  }

  /** Several instances: how to read events committed elsewhere that have not arrived yet. */
  setCatchUp(catchUp: (() => Promise<void>) | null): void {
    this.catchUp = catchUp;
  }
}
