import { describe, expect, it } from 'vitest';
import { WatchRegistry } from '../../src/app/realtime/watchRegistry';
import type { WatchRequest } from '../../domain/socketProtocol';

const flush = () => new Promise<void>((r) => queueMicrotask(r));

describe('WatchRegistry', () => {
  it('sends the union of what the mounted views show, once per change however many views change together', async () => {
    const r = new WatchRegistry();
    const sent: WatchRequest[] = [];
    r.subscribe((w) => sent.push(w));
    const wall = r.add({ projectIds: [3, 1], deviceIds: [] });
    const dialog = r.add({ projectIds: [], deviceIds: [42] });
    await flush();
    expect(sent).toEqual([{ projectIds: [1, 3], deviceIds: [42] }]);
    dialog();
    await flush();
    expect(sent.at(-1)).toEqual({ projectIds: [1, 3], deviceIds: [] });
    const everything = r.add({ projectIds: 'all', deviceIds: [] });
    await flush();
    expect(sent.at(-1)).toEqual({ projectIds: 'all', deviceIds: [] });
    everything();
    wall();
    await flush();
    expect(sent.at(-1)).toEqual({ projectIds: [], deviceIds: [] });
    expect(sent).toHaveLength(4);
  });

  it('stays quiet when the union does not change', async () => {
    const r = new WatchRegistry();
    const sent: WatchRequest[] = [];
    r.subscribe((w) => sent.push(w));
    r.add({ projectIds: [1], deviceIds: [] });
    await flush();
    const again = r.add({ projectIds: [1], deviceIds: [] });
    await flush();
    again();
    await flush();
    expect(sent).toHaveLength(1);
    expect(r.current()).toEqual({ projectIds: [1], deviceIds: [] });
  });
});
