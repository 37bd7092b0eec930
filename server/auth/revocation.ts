import type { FastifyInstance } from 'fastify';
import type { DomainEvent } from '../eventLog/eventLog';
import type { BusMessage, SessionScope } from './sessionBus';
import { WEB_CLIENT } from '../../domain/socketProtocol';

const idOf = (subject: string | null, label: string): number | null => {
  const m = subject?.match(new RegExp(`^${label}:(\\d+)$`));
  return m ? Number(m[1]) : null;
};
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

type CheckReason = Extract<BusMessage, { type: 'session.check' }>['reason'];
const check = (scope: SessionScope, reason: CheckReason): BusMessage => ({ type: 'session.check', scope, reason });
/** The check of the user an event's subject names (none when it names no user). */
const userCheck = (ev: DomainEvent, reason: CheckReason) => {
  const userId = idOf(ev.subject, 'user');
  return userId === null ? null : check({ userIds: [userId] }, reason);
};
const tenants = (...ids: unknown[]) => [...new Set(ids.filter((v): v is number => typeof v === 'number'))];

/**
 * Which open sockets a committed domain event concerns, and why. Token revocations by the token
 * store (logout, password change, "logged in elsewhere", disabling) announce themselves; this maps
 * the other session-changing writes, which happen inside transactions: the event arrives only after
 * the commit, so a re-checking socket reads the new state.
 */
export function sessionCheckOf(ev: DomainEvent): BusMessage | null {
  // The helpers stand outside: most events (alarms, thousands a second) concern no session, and closures
  // made per event cost more than the switch that passes them by.
  switch (ev.kind) {
    // A sign-in or sign-out ends tokens (a web login the user's older web sessions, "logged in
    // elsewhere"). The token store announces it over the bus at once; the event says it again, so an
    // instance that missed the bus message (Redis away) ends those sockets when it reads the event log.
    case 'user.login':
      return obj(ev.payload).client === WEB_CLIENT ? userCheck(ev, 'logged_in_elsewhere') : null;
    case 'user.logout':
      return userCheck(ev, 'logout');
    case 'user.deleted':
      return userCheck(ev, 'user_deleted');
    case 'user.updated':
    case 'user.projects_assigned':
      return userCheck(ev, 'rescope');
    case 'role.updated':
    case 'role.deleted':
      return ev.tenantId === null ? null : check({ tenantIds: [ev.tenantId] }, 'rescope');
    case 'tenant.status_changed':
      return ev.tenantId === null
        ? null
        : check({ tenantIds: [ev.tenantId] }, obj(obj(ev.payload).after).status === 0 ? 'tenant_suspended' : 'rescope');
    case 'tenant.deleted':
      return ev.tenantId === null ? null : check({ tenantIds: [ev.tenantId] }, 'tenant_removed');
    case 'ledger.created':
    case 'ledger.updated':
    case 'ledger.deleted': {
      // A project created, deleted or given to another tenant changes what that tenant's users see.
      if (idOf(ev.subject, 'project') === null) return null;
      const ids = tenants(ev.tenantId, obj(obj(ev.payload).before).tenantid);
      return ids.length ? check({ tenantIds: ids }, 'rescope') : null;
    }
    default:
      return null;
  }
}

/** Forwards session-changing domain events to the socket bus. */
export function watchSessionEvents(app: FastifyInstance): () => void {
  return app.eventLog.onEvent((ev) => {
    const message = sessionCheckOf(ev);
    // Every instance hears every committed event (cluster mode included): each checks its own sockets.
    if (message) app.socketBus.deliver(message);
  });
}
