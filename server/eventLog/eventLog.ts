import { EventEmitter } from 'node:events';
import type SQLite from 'better-sqlite3';
import type { Kysely, Transaction } from 'kysely';
import type { OplogKind } from '../../domain/oplog';
import type { Database } from '../store/schema';
import { isPostgres } from '../store/dialect';
import { LOCK, lockForTransaction } from '../store/locks';

export interface DomainEventInput {
  /** one of the named kinds (domain/oplog.ts), so the operation log can say what was done */
  kind: OplogKind;
  actorId?: number | null;
  actorName?: string | null;
  tenantId?: number | null;
  projectId?: number | null;
  subject?: string | null;
  payload?: unknown;
}

/** The actor of an event a signed-in user's request writes: that user, by id and by name at the time. */
export const actedBy = (user: { userId: number; userName: string }) => ({ actorId: user.userId, actorName: user.userName });

/** A user deleted a tenant's row: that tenant, the row as the subject and, in the payload, the row as it was. */
export const rowDeleted = (
  user: { userId: number; userName: string },
  kind: OplogKind,
  row: { tenantId: number },
  subject: string,
  before: unknown = row,
): DomainEventInput => ({ kind, ...actedBy(user), tenantId: row.tenantId, subject, payload: { before } });

/** Where a device's tenant and project are named (a terminal row, the device directory's entry). */
interface Placed {
  tenantid: number;
  projectid: number;
}

/** An event about a device: its tenant and project, the terminal as the subject. */
export const aboutDevice = (device: Placed & { id: number }) => ({
  tenantId: device.tenantid,
  projectId: device.projectid,
  subject: `terminal:${device.id}`,
});

/** An event about an alarm episode `eventId` of a device (or of the event row itself). */
export const aboutEpisode = (device: Placed, eventId: number) => ({
  tenantId: device.tenantid,
  projectId: device.projectid,
  subject: `peceventextend:${eventId}`,
});

export interface DomainEvent extends Required<Omit<DomainEventInput, 'payload' | 'kind'>> {
  /** a stored row may hold a kind older code wrote */
  kind: string;
  seq: number;
  at: number;
  payload: unknown;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** Rows per SQLite INSERT: 8 parameters each, far inside its limit. */
const INSERT_CHUNK = 100;

/** A row as appendMany writes it: the payload as its JSON text. */
interface EventRow extends Omit<DomainEvent, 'seq' | 'payload'> {
  payload: string;
}

/**
 * An appended row as the event listeners hear it, written out field by field: an object spread here
 * cost several times the rest of an alarm's event on the ingest path (issue 32).
 */
const eventOf = (row: EventRow, seq: number, payload: unknown): DomainEvent => ({
  at: row.at,
  kind: row.kind,
  actorId: row.actorId,
  actorName: row.actorName,
  tenantId: row.tenantId,
  projectId: row.projectId,
  subject: row.subject,
  seq,
  payload: payload ?? {},
});

/** Hears events appended by transact(), inside their transaction, before it commits. */
export type InTransactionListener = (events: readonly DomainEvent[], trx: Transaction<Database>) => Promise<void> | void;

/**
 * The one append-only domain event log: every write in the system lands here with a monotonic
 * sequence number. Listeners hear about an event only after its transaction committed.
 *
 * On PostgreSQL the number comes from the table's identity sequence, drawn under a transaction-scoped
 * advisory lock held until commit: with several instances writing, events still commit in sequence
 * order, so once seq N is visible every lower number is either visible too or never will be. That is
 * what lets a console resume "after N" on any instance without losing or repeating an event.
 */
export class EventLog {
  private readonly emitter = new EventEmitter();
  private readonly postgres: boolean;
  private relay: ((event: DomainEvent) => void) | null = null;
  private readonly inTransactionListeners: InTransactionListener[] = [];
  /** SQLite: its one connection, where multi-row INSERTs are prepared once per row count */
  private readonly sqlite: SQLite.Database | null;
  /** prepared multi-row INSERTs by row count (alarm events come in thousands a second during ingest) */
  private readonly insertStmts = new Map<number, SQLite.Statement<unknown[]>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    sqlite?: SQLite.Database,
  ) {
    this.emitter.setMaxListeners(100);
    this.postgres = isPostgres(db);
    this.sqlite = sqlite && !this.postgres ? sqlite : null;
  }

  private insertStmt(n: number): SQLite.Statement<unknown[]> {
    let stmt = this.insertStmts.get(n);
    if (!stmt) {
      const values = Array(n).fill('(?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
      stmt = this.sqlite!.prepare(
        `insert into event_log (at, kind, actorId, actorName, tenantId, projectId, subject, payload) values ${values}`,
      );
      this.insertStmts.set(n, stmt);
    }
    return stmt;
  }

  /** Appends inside the caller's transaction when given one (publish it after commit). */
  async append(input: DomainEventInput, trx?: Executor): Promise<DomainEvent> {
    return (await this.appendMany([input], trx))[0]!;
  }

  /**
   * Appends several events with one statement, in the order given (publish them after commit). On
   * PostgreSQL outside a transaction it opens one of its own, to hold the ordering lock until commit.
   */
  async appendMany(inputs: readonly DomainEventInput[], trx?: Executor): Promise<DomainEvent[]> {
    if (inputs.length === 0) return [];
    if (!trx && this.postgres) return this.db.transaction().execute((t) => this.appendMany(inputs, t));
    const executor = trx ?? this.db;
    await lockForTransaction(executor, LOCK.EVENT_LOG);
    const at = this.now();
    const rows = inputs.map((input): EventRow => ({
      at,
      kind: input.kind,
      actorId: input.actorId ?? null,
      actorName: input.actorName ?? null,
      tenantId: input.tenantId ?? null,
      projectId: input.projectId ?? null,
      subject: input.subject ?? null,
      payload: JSON.stringify(input.payload ?? {}),
    }));
    if (this.sqlite) {
      // SQLite, on its one connection: inside the caller's transaction (or connection), else holding
      // the connection, so no other transaction can be open on it meanwhile. The seq is the row id.
      const insert = (): DomainEvent[] => {
        const events = new Array<DomainEvent>(rows.length);
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          const n = Math.min(INSERT_CHUNK, rows.length - i);
          const params = new Array<unknown>(n * 8);
          for (let j = 0; j < n; j++) {
            const row = rows[i + j]!;
            params[j * 8] = row.at;
            params[j * 8 + 1] = row.kind;
            params[j * 8 + 2] = row.actorId;
            params[j * 8 + 3] = row.actorName;
            params[j * 8 + 4] = row.tenantId;
            params[j * 8 + 5] = row.projectId;
            params[j * 8 + 6] = row.subject;
            params[j * 8 + 7] = row.payload;
          }
          // One statement's rows take consecutive row ids in the order listed, the last one reported.
          const last = Number(this.insertStmt(n).run(params).lastInsertRowid);
          for (let j = 0; j < n; j++) events[i + j] = eventOf(rows[i + j]!, last - n + 1 + j, inputs[i + j]!.payload);
        }
        return events;
      };
      return trx !== undefined && trx !== this.db ? insert() : this.db.connection().execute(async () => insert());
    }
    const seqs: number[] = [];
    // Chunks keep within SQLite's parameter limit. Numbers are drawn row by row in the order listed, so
    // a chunk's ascending numbers map back onto its rows.
    for (let i = 0; i < rows.length; i += 500) {
      const got = await executor
        .insertInto('event_log')
        .values(rows.slice(i, i + 500))
        .returning('seq')
        .execute();
      seqs.push(...got.map((r) => Number(r.seq)).sort((a, b) => a - b));
    }
    return rows.map((row, i) => eventOf(row, seqs[i]!, inputs[i]!.payload));
  }

  publish(event: DomainEvent): void {
    if (this.relay) this.relay(event);
    else this.deliver(event);
  }

  /** Hands an event to this instance's listeners. */
  deliver(event: DomainEvent): void {
    this.emitter.emit('event', event);
  }

  /**
   * Several instances (server/cluster/attach.ts): events committed here go through `relay`, which
   * shares them and delivers everyone's events to the listeners in sequence order.
   */
  routeThrough(relay: ((event: DomainEvent) => void) | null): void {
    this.relay = relay;
  }

  /** Append outside any other transaction and publish at once. */
  async record(input: DomainEventInput): Promise<DomainEvent> {
    const ev = await this.append(input);
    this.publish(ev);
    return ev;
  }

  /**
   * Writes that must land with the events or not at all (issue 28: a notification outbox row per
   * alarm): the listener runs inside the events' transaction and a throw rolls it back.
   */
  inTransaction(listener: InTransactionListener): () => void {
    this.inTransactionListeners.push(listener);
    return () => {
      const i = this.inTransactionListeners.indexOf(listener);
      if (i >= 0) this.inTransactionListeners.splice(i, 1);
    };
  }

  /** Runs the in-transaction listeners on events just appended in `trx` (by transact()). */
  async appended(events: readonly DomainEvent[], trx: Transaction<Database>): Promise<void> {
    if (events.length === 0) return;
    for (const listener of this.inTransactionListeners) await listener(events, trx);
  }

  onEvent(listener: (ev: DomainEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
