// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/app/api/queryClient';
import { queryKeys } from '../../src/app/api/queryKeys';
import { useDeviceRealtime } from '../../src/app/device/useDeviceRealtime';
import { useEventOrders } from '../../src/features/alarmEvent/useEventOrders';
import type { PecEvent } from '../../domain/telemetry';
import { deferred, envelope, renderHook, stubFetch } from './queryHarness';

/** A device as the realtime route answers it, named after its id. */
const deviceAnswer = (id: number) => envelope({ time: null, device: { id, name: `${id}号终端` }, measureDataList: [], trendData: [] });

describe('an answer to an older question never replaces the newer one', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('device dialog: the slow answer about the device shown before arrives last and is not shown', async () => {
    const slow = deferred<Response>();
    stubFetch((url) => (url.endsWith('/realtime/1') ? slow.promise : deviceAnswer(2)));
    const client = createQueryClient();
    const view = renderHook(client, (id: number | null) => useDeviceRealtime(id), 1);
    await vi.waitFor(() => expect(client.isFetching()).toBe(1));
    view.rerender(2);
    await vi.waitFor(() => expect(view.result.current.data?.device.name).toBe('2号终端'));

    slow.resolve(deviceAnswer(1));
    // the slow answer has arrived (in its own entry) ...
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.deviceRealtime(1))).toBeDefined());
    // ... and the dialog still shows the device it shows
    await vi.waitFor(() => expect(view.result.current.data?.device.name).toBe('2号终端'));
    view.unmount();
  });

  it('event list: the work orders of the events shown before arrive last and are not shown', async () => {
    const slow = deferred<Response>();
    let call = 0;
    stubFetch(() => (++call === 1 ? slow.promise : envelope([{ eventId: 3, orderId: 30, status: 'pending' }])));
    const client = createQueryClient();
    const rows = (ids: number[]) => ids.map((id) => ({ id }) as PecEvent);
    const view = renderHook(client, (ids: number[]) => useEventOrders(rows(ids)), [1, 2]);
    await vi.waitFor(() => expect(call).toBe(1));
    view.rerender([3]);
    await vi.waitFor(() => expect([...view.result.current.byEvent.keys()]).toEqual([3]));

    slow.resolve(envelope([{ eventId: 1, orderId: 10, status: 'closed' }]));
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.workOrders.ofEvents('1,2'))).toBeDefined());
    await vi.waitFor(() => expect([...view.result.current.byEvent.keys()]).toEqual([3]));
    view.unmount();
  });
});
