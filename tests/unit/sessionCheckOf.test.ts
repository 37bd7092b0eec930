import { describe, expect, it } from 'vitest';
import { sessionCheckOf } from '../../server/auth/revocation';
import type { DomainEvent } from '../../server/eventLog/eventLog';

const event = (kind: string, subject: string | null, payload: unknown = null): DomainEvent => ({
  kind,
  subject,
  payload,
  seq: 1,
  at: 0,
  actorId: 1,
  actorName: 'root',
  tenantId: 1,
  projectId: null,
});

describe('which sockets a committed event concerns (server/auth/revocation.ts)', () => {
  it('a web sign-in re-checks the user\'s sockets as "logged in elsewhere"; a kiosk or API sign-in does not', () => {
    expect(sessionCheckOf(event('user.login', 'user:7', { client: 'web' }))).toEqual({
      type: 'session.check',
      scope: { userIds: [7] },
      reason: 'logged_in_elsewhere',
    });
    expect(sessionCheckOf(event('user.login', 'user:7', { client: 'kiosk' }))).toBeNull();
    expect(sessionCheckOf(event('user.login', 'user:7', { client: 'api' }))).toBeNull();
  });

  it("a sign-out re-checks the user's sockets as a logout", () => {
    expect(sessionCheckOf(event('user.logout', 'user:7'))).toEqual({ type: 'session.check', scope: { userIds: [7] }, reason: 'logout' });
  });

  it('an alarm concerns no socket', () => {
    expect(sessionCheckOf(event('alarm.raised', 'device:3', { deviceId: 3 }))).toBeNull();
  });
});
