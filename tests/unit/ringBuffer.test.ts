import { describe, expect, it } from 'vitest';
import { RingBuffer } from '../../workers/ringBuffer';
import { api } from '../../workers/seriesApi';

describe('realtime ring buffer', () => {
  it('keeps the last rows, oldest first, one typed array per column', () => {
    const ring = new RingBuffer(2, 4);
    for (let i = 1; i <= 6; i++) ring.push(i, [i * 10, i % 2 ? null : i * 100]);
    const [time, a, b] = ring.snapshot();
    expect(Array.from(time!)).toEqual([3, 4, 5, 6]);
    expect(Array.from(a!)).toEqual([30, 40, 50, 60]);
    expect(Array.from(b!).map((v) => (Number.isNaN(v) ? null : v))).toEqual([null, 400, null, 600]);
    expect(time).toBeInstanceOf(Float64Array);
  });

  it('drops a row older than the newest and never grows past its capacity', () => {
    const ring = new RingBuffer(1, 3);
    expect(ring.push(10, [1])).toBe(true);
    expect(ring.push(9, [2])).toBe(false);
    for (let i = 0; i < 1000; i++) ring.push(11 + i, [i]);
    expect(ring.length).toBe(3);
    expect(Array.from(ring.snapshot()[0]!)).toEqual([1008, 1009, 1010]);
  });

  it('is reachable through the series service (the worker object, or its main-thread fallback)', async () => {
    await api.ringOpen('dev:1', 2, 100);
    expect(
      await api.ringPush('dev:1', [
        { time: 2000, values: [1, 2] },
        { time: 1000, values: [9, 9] },
        { time: 3000, values: [3, null] },
      ]),
    ).toBe(2);
    const cols = await api.ringTake('dev:1');
    expect(cols.map((c) => Array.from(c))).toEqual([
      [2, 3],
      [1, 3],
      [2, NaN],
    ]);
    await api.ringClose('dev:1');
    expect(await api.ringTake('dev:1')).toEqual([]);
  });
});

describe('live rows on the device dialog charts', () => {
  it('appends only rows newer than the REST history, with gaps as null', async () => {
    const { withLive } = await import('../../src/app/device/TrendGroups');
    const base = [
      [10, 20],
      [1, 2],
    ] as unknown as import('uplot').AlignedData;
    const live = [new Float64Array([15, 20, 30, 40]), new Float64Array([9, 9, 3, NaN])];
    expect(withLive(base, live)).toEqual([
      [10, 20, 30, 40],
      [1, 2, 3, null],
    ]);
    expect(withLive(base, undefined)).toBe(base);
  });
});
