import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine, UNAUTHORIZED_RELOAD_MS, type LoadedUser, type SessionNotice } from '../../machines/sessionMachine';
import type { UserDto } from '../../domain/schemas/auth';

const user = (over: Partial<UserDto> = {}): UserDto => ({
  id: 7,
  name: 'lisi',
  userId: 7,
  userName: 'lisi',
  nicName: 'lisi',
  tenantId: 2,
  customConfig: '{"usertype":3}',
  email: null,
  mobilePhone: null,
  relativeUserGroup: [],
  modelNodes: [],
  roles: [{ id: 3, name: '值班员', tenantId: 2, customConfig: '{"homepage":"/alarmEvent"}', pageNodes: [{ id: 5 }], auths: [] }],
  ...over,
});

function harness(opts: { tokenValid?: boolean; loginError?: string } = {}) {
  const calls = {
    reload: 0,
    clearToken: 0,
    stored: [] as string[],
    landed: [] as string[],
    logout: 0,
    announced: [] as SessionNotice[],
    kept: [] as SessionNotice[],
    remembered: 0,
  };
  const machine = sessionMachine.provide({
    actors: {
      checkToken: fromPromise(async ({ input }) => {
        if (opts.tokenValid === false) throw new Error('token过了有效期');
        return input.token.length;
      }),
      loadUser: fromPromise(async (): Promise<LoadedUser> => ({ user: user(), projectId: 1 })),
      login: fromPromise(async ({ input }) => {
        if (opts.loginError) throw new Error(opts.loginError);
        return { token: `t-${input.userName}`, user: user() };
      }),
      logout: fromPromise(async () => {
        calls.logout++;
      }),
    },
    actions: {
      reload: () => void calls.reload++,
      clearToken: () => void calls.clearToken++,
      storeToken: (_, p) => void calls.stored.push(p.token),
      land: (_, p) => void calls.landed.push(p.profile.homepage ?? ''),
      announce: (_, p) => void calls.announced.push(p.notice),
      keepNotice: (_, p) => void calls.kept.push(p.notice),
      rememberPage: () => void calls.remembered++,
    },
  });
  return { machine, calls };
}

describe('session machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('without a token it is anonymous at once', () => {
    const { machine } = harness();
    const actor = createActor(machine, { input: { token: null } }).start();
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('a valid stored token checks, loads the user and lands', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: { token: 'abc' } }).start();
    expect(actor.getSnapshot().value).toBe('checking');
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    expect(actor.getSnapshot().context.profile?.homepage).toBe('/alarmEvent');
    expect(actor.getSnapshot().context.projectId).toBe(1);
    expect(calls.landed).toEqual(['/alarmEvent']);
    expect(calls.stored).toEqual(['abc']);
  });

  it('an invalid token clears it and shows the login', async () => {
    const { machine, calls } = harness({ tokenValid: false });
    const actor = createActor(machine, { input: { token: 'old' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('anonymous'));
    expect(calls.clearToken).toBe(1);
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('LOGIN stores the new token and lands; a failed login keeps the server msg', async () => {
    const ok = harness();
    const a = createActor(ok.machine, { input: { token: null } }).start();
    a.send({ type: 'LOGIN', userName: 'lisi', password: 'x' });
    expect(a.getSnapshot().value).toBe('loggingIn');
    await vi.waitFor(() => expect(a.getSnapshot().matches('authenticated')).toBe(true));
    expect(ok.calls.stored[0]).toBe('t-lisi');

    const bad = harness({ loginError: '用户名或密码错误' });
    const b = createActor(bad.machine, { input: { token: null } }).start();
    b.send({ type: 'LOGIN', userName: 'lisi', password: 'x' });
    await vi.waitFor(() => expect(b.getSnapshot().value).toBe('anonymous'));
    expect(b.getSnapshot().context.error).toBe('用户名或密码错误');
  });

  it('LOGOUT calls the server, clears the token and reloads', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: { token: 'abc' } }).start();
    await waitFor(actor, (s) => s.matches('authenticated'));
    actor.send({ type: 'LOGOUT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loggedOut'));
    expect(calls.logout).toBe(1);
    expect(calls.clearToken).toBe(1);
    expect(calls.reload).toBe(1);
  });

  it('UNAUTHORIZED reloads after exactly 1.5 s', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: { token: 'abc' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    actor.send({ type: 'UNAUTHORIZED' });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(calls.clearToken).toBe(1);
    vi.advanceTimersByTime(UNAUTHORIZED_RELOAD_MS - 1);
    expect(calls.reload).toBe(0);
    vi.advanceTimersByTime(1);
    expect(calls.reload).toBe(1);
    expect(actor.getSnapshot().value).toBe('reloading');
  });

  it('the default actors are not silently faked', async () => {
    const actor = createActor(sessionMachine, { input: { token: 'abc' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('anonymous'));
  });

  it('any number of 401s and revocations make one message, one remembered page and one reload', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: { token: 'abc' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    actor.send({ type: 'UNAUTHORIZED', reason: 'logged_in_elsewhere' });
    for (let i = 0; i < 20; i++) actor.send({ type: 'UNAUTHORIZED' });
    actor.send({ type: 'UNAUTHORIZED', reason: 'expired' });
    expect(calls.announced).toEqual([{ kind: 'ended', reason: 'logged_in_elsewhere' }]);
    expect(calls.kept).toEqual([{ kind: 'ended', reason: 'logged_in_elsewhere' }]);
    expect(calls.remembered).toBe(1);
    vi.advanceTimersByTime(UNAUTHORIZED_RELOAD_MS * 3);
    expect(calls.reload).toBe(1);
  });

  it('a 401 from a REST call says so in the spec words', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: { token: 'abc' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    actor.send({ type: 'UNAUTHORIZED' });
    expect(calls.announced).toEqual([{ kind: 'unauthorized' }]);
  });

  it('the user\u2019s own password change: its revocation is expected, no expiry message; then to login', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: { token: 'abc' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    actor.send({ type: 'PASSWORD.CHANGING' });
    // The socket hears the revocation before the HTTP answer arrives.
    actor.send({ type: 'UNAUTHORIZED', reason: 'password_changed' });
    actor.send({ type: 'UNAUTHORIZED' });
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    actor.send({ type: 'PASSWORD.CHANGED' });
    expect(actor.getSnapshot().value).toBe('passwordChanged');
    expect(calls.announced).toEqual([]);
    expect(calls.kept).toEqual([{ kind: 'passwordChanged' }]);
    vi.advanceTimersByTime(UNAUTHORIZED_RELOAD_MS);
    expect(calls.reload).toBe(1);
  });

  it('a failed password change puts expiry handling back', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: { token: 'abc' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    actor.send({ type: 'PASSWORD.CHANGING' });
    actor.send({ type: 'PASSWORD.FAILED' });
    actor.send({ type: 'UNAUTHORIZED', reason: 'user_disabled' });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(calls.announced).toEqual([{ kind: 'ended', reason: 'user_disabled' }]);
  });

  it('a kiosk link with a refused token lands on the login page with a notice; a stored token just clears', async () => {
    const link = harness({ tokenValid: false });
    const a = createActor(link.machine, { input: { token: 'bad', fromUrl: true } }).start();
    await vi.waitFor(() => expect(a.getSnapshot().value).toBe('anonymous'));
    expect(a.getSnapshot().context.notice).toEqual({ kind: 'linkInvalid' });
    const stored = harness({ tokenValid: false });
    const b = createActor(stored.machine, { input: { token: 'old' } }).start();
    await vi.waitFor(() => expect(b.getSnapshot().value).toBe('anonymous'));
    expect(b.getSnapshot().context.notice).toBeNull();
  });

  it('the notice left before a reload shows on the login page until the next login', async () => {
    const { machine } = harness();
    const actor = createActor(machine, { input: { token: null, notice: { kind: 'ended', reason: 'expired' } } }).start();
    expect(actor.getSnapshot().context.notice).toEqual({ kind: 'ended', reason: 'expired' });
    actor.send({ type: 'LOGIN', userName: 'lisi', password: 'x' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('USER.REFRESH reloads the user in the background without leaving the session', async () => {
    const { machine, calls } = harness();
    const actor = createActor(machine, { input: { token: 'abc' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    actor.send({ type: 'USER.REFRESH' });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'refreshing' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ authenticated: 'idle' }));
    expect(calls.landed).toHaveLength(1);
  });
});
