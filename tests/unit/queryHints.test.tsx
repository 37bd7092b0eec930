// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient, queryClient } from '../../src/app/api/queryClient';
import { queryKeys } from '../../src/app/api/queryKeys';
import { socketHints } from '../../src/app/api/socketHints';
import { directoryQueries } from '../../src/app/api/directory';
import { deviceTreeQuery } from '../../src/app/liveDevices/deviceTree';
import { currentSettings, loadEffectiveSettings } from '../../src/app/settings/settingsStore';
import { SETTINGS_DEFAULTS } from '../../domain/settingsDefaults';
import { envelope, stubFetch } from './queryHarness';

/** How often the stubbed server was asked for a path. */
const callsOf = (fetch: ReturnType<typeof stubFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).includes(path)).length;

describe('the socket hints make the cached reads they concern stale', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('settings: the settings in force are read again and take effect', async () => {
    let platformName = '华东安电科技';
    const fetch = stubFetch((url) =>
      url.endsWith('/system/setting/effective')
        ? envelope({ settings: { ...SETTINGS_DEFAULTS, platformName }, logo: null })
        : envelope(null, 404, 404, 'no such path'),
    );
    await loadEffectiveSettings();
    expect(currentSettings().platformName).toBe('华东安电科技');

    platformName = '西南智慧用电';
    socketHints(queryClient).settings();
    await vi.waitFor(() => expect(currentSettings().platformName).toBe('西南智慧用电'));
    expect(callsOf(fetch, '/system/setting/effective')).toBe(2);
  });

  it('ledger: every ledger query shown is read again; other reads and other messages leave them be', async () => {
    const client = createQueryClient();
    const fetch = stubFetch(() => envelope([]));
    const observers = [new QueryObserver(client, deviceTreeQuery), new QueryObserver(client, directoryQueries.tenants())];
    const stops = observers.map((o) => o.subscribe(() => {}));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect([callsOf(fetch, '/device/tree'), callsOf(fetch, '/auth/v1/tenant')]).toEqual([1, 1]);
    const hints = socketHints(client);

    // an alarm is not a ledger change: nothing is asked again
    hints.message('alarm.raised');
    expect(client.isFetching()).toBe(0);
    expect(client.getQueryState(queryKeys.ledger.deviceTree())?.isInvalidated).toBe(false);

    for (const [i, kind] of ['ledger.created', 'ledger.deleted', 'device.access_updated', 'accessscheme.created'].entries()) {
      hints.message(kind);
      await vi.waitFor(() => expect(callsOf(fetch, '/device/tree')).toBe(2 + i));
      await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    }
    // a resync may have lost ledger hints: the ledger is read again too
    hints.resync();
    await vi.waitFor(() => expect(callsOf(fetch, '/device/tree')).toBe(6));
    // the tenants are no ledger read
    expect(callsOf(fetch, '/auth/v1/tenant')).toBe(1);
    stops.forEach((stop) => stop());
  });

  it('a ledger read stays fresh between hints: a screen opened again shows it without asking; a list asks again', async () => {
    const client = createQueryClient();
    const fetch = stubFetch(() => envelope([]));
    const first = [new QueryObserver(client, deviceTreeQuery), new QueryObserver(client, directoryQueries.tenants())];
    first.map((o) => o.subscribe(() => {})).forEach((stop) => stop());
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    const again = [new QueryObserver(client, deviceTreeQuery), new QueryObserver(client, directoryQueries.tenants())];
    const stops = again.map((o) => o.subscribe(() => {}));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect([callsOf(fetch, '/device/tree'), callsOf(fetch, '/auth/v1/tenant')]).toEqual([1, 2]);
    stops.forEach((stop) => stop());
  });
});
