import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { routeGuardMachine } from '../../machines/routeGuardMachine';
import { accessProfileOf } from '../../domain/access';
import { permissionId } from '../../domain/permissions';

const lisi = accessProfileOf({
  id: 7,
  customConfig: '{"usertype":3}',
  roles: [{ customConfig: null, pageNodes: [{ id: permissionId('wp_event_manager')! }] }],
});

function start(hasToken: boolean) {
  const redirects: string[] = [];
  const reloads: string[] = [];
  const machine = routeGuardMachine.provide({
    actions: { redirect: (_, p) => void redirects.push(p.to), reload: (_, p) => void reloads.push(p.to) },
  });
  const actor = createActor(machine, { input: { hasToken, profile: hasToken ? lisi : undefined } }).start();
  return { actor, redirects, reloads };
}

describe('route guard machine', () => {
  it('sends every route but /login to /login without a token', () => {
    const { actor, redirects } = start(false);
    actor.send({ type: 'ROUTE.CHANGED', path: '/alarmEvent' });
    expect(actor.getSnapshot().value).toBe('toLogin');
    expect(redirects).toEqual(['/login']);
    actor.send({ type: 'ROUTE.CHANGED', path: '/login' });
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('keeps /noPermission open and denies pages the role lacks', () => {
    const { actor, redirects } = start(true);
    actor.send({ type: 'ROUTE.CHANGED', path: '/alarmEvent' });
    expect(actor.getSnapshot().value).toBe('allowed');
    actor.send({ type: 'ROUTE.CHANGED', path: '/usermanage' });
    expect(actor.getSnapshot().value).toBe('denied');
    expect(redirects).toEqual(['/noPermission']);
    actor.send({ type: 'ROUTE.CHANGED', path: '/noPermission' });
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('forces a reload when crossing between /admin and other paths', () => {
    const { actor, reloads } = start(true);
    actor.send({ type: 'ROUTE.CHANGED', path: '/alarmEvent' });
    actor.send({ type: 'ROUTE.CHANGED', path: '/admin/tools' });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(reloads).toEqual(['/admin/tools']);
  });

  it('re-decides the current route when the session changes', () => {
    const { actor } = start(true);
    actor.send({ type: 'ROUTE.CHANGED', path: '/alarmEvent' });
    actor.send({ type: 'SESSION.CHANGED', hasToken: false, profile: undefined });
    expect(actor.getSnapshot().value).toBe('toLogin');
  });

  it('decides nothing before the first route: /noPermission opened logged out stays', () => {
    const { actor, redirects } = start(false);
    actor.send({ type: 'SESSION.CHANGED', hasToken: false, profile: undefined });
    expect(redirects).toEqual([]);
    actor.send({ type: 'ROUTE.CHANGED', path: '/noPermission' });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(redirects).toEqual([]);
  });

  it('an unknown path opened first is not found, not a reload (no loop)', () => {
    const { actor, redirects, reloads } = start(true);
    actor.send({ type: 'SESSION.CHANGED', hasToken: true, profile: lisi });
    actor.send({ type: 'ROUTE.CHANGED', path: '/admin' });
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(reloads).toEqual([]);
    expect(redirects).toEqual([]);
  });
});
