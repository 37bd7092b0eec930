import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BehaviorSubject, Observable, Subject, asyncScheduler } from 'rxjs';
import { ChannelCache, KEEP_ALIVE_MS } from '../../streams/channels';
import { createRealtimeChannels, projectsKey } from '../../streams/realtimeChannels';
import { SNAPSHOT_REFRESH_MS, reduceTile, type Tile } from '../../streams/deviceTiles';
import type { DeviceSnapshot, MeasureMessage, NoticeMessage } from '../../domain/telemetry';

/**
 * The console's shared channels with vitest's fake timers: frames are a zero-delay timer here
 * (asyncScheduler), the keep-alive and the snapshot refresh are virtual time.
 */
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A source that counts its subscribers and lets the test push. */
function counted<T>() {
  const subject = new Subject<T>();
  const counts = { subscribes: 0, live: 0 };
  const source = new Observable<T>((s) => {
    counts.subscribes++;
    counts.live++;
    const sub = subject.subscribe(s);
    return () => {
      counts.live--;
      sub.unsubscribe();
    };
  });
  return { subject, source, counts };
}

describe('ChannelCache', () => {
  it('one upstream per channel name, shared by every subscriber', () => {
    const cache = new ChannelCache();
    const { subject, source, counts } = counted<number>();
    const create = vi.fn(() => source);
    const a: number[] = [];
    const b: number[] = [];
    const subA = cache.get('x', create).subscribe((v) => a.push(v));
    const subB = cache.get('x', create).subscribe((v) => b.push(v));
    subject.next(1);
    expect(create).toHaveBeenCalledTimes(1);
    expect(counts).toEqual({ subscribes: 1, live: 1 });
    expect([a, b]).toEqual([[1], [1]]);
    expect(cache.get('x', create)).toBe(cache.get('x', create));
    subA.unsubscribe();
    subB.unsubscribe();
  });

  it('is torn down KEEP_ALIVE_MS after the last subscriber leaves; one who comes back in time rejoins the running stream', () => {
    const cache = new ChannelCache();
    const { source, counts } = counted<number>();
    const create = () => source;
    cache.get('x', create).subscribe().unsubscribe();
    vi.advanceTimersByTime(KEEP_ALIVE_MS - 1);
    expect(counts.live).toBe(1);
    const back = cache.get('x', create).subscribe();
    back.unsubscribe();
    vi.advanceTimersByTime(KEEP_ALIVE_MS - 1);
    expect(counts).toEqual({ subscribes: 1, live: 1 });
    vi.advanceTimersByTime(1);
    expect(counts.live).toBe(0);
    expect(cache.running).toBe(0);
    expect(cache.names).toEqual([]);
    cache.get('x', create).subscribe();
    expect(counts).toEqual({ subscribes: 2, live: 1 });
  });

  it('a state channel gives a late subscriber its latest value at once; an event channel does not repeat old events', () => {
    const cache = new ChannelCache();
    const { subject, source } = counted<string>();
    const state = cache.get('state', () => source, { replayLatest: true });
    const events = cache.get('events', () => source);
    state.subscribe();
    events.subscribe();
    subject.next('latest');
    const late: string[] = [];
    state.subscribe((v) => late.push(`state:${v}`));
    events.subscribe((v) => late.push(`event:${v}`));
    expect(late).toEqual(['state:latest']);
  });
});

const device = (deviceId: number, projectId = 1): DeviceSnapshot => ({
  deviceId,
  code: `VG${deviceId}`,
  name: `d${deviceId}`,
  projectId,
  projectName: 'p',
  devicestatus: 1,
  alarmRank: 0,
  activeAlarms: 0,
  time: 1000,
  values: { 1001: 50 },
  trip: null,
});

/** A device as the tile stream holds it (its values by dataId in a Map). */
const asTile = (d: DeviceSnapshot): Tile => ({ ...d, values: new Map(Object.entries(d.values).map(([id, v]) => [Number(id), v])) });

const notice = (seq: number, kind: string, deviceId: number, payload: unknown = {}): NoticeMessage => ({
  seq,
  id: `m${seq}`,
  time: seq * 1000,
  kind,
  logTypeName: kind,
  projectId: 1,
  description: { projectName: 'p', deviceName: 'd', deviceCode: 'c', contactInfo: null, value: null, deviceId },
  payload,
});

function console_() {
  const messages = new Subject<NoticeMessage>();
  const measures = new Subject<MeasureMessage>();
  const resyncs = new Subject<number>();
  const hidden = new BehaviorSubject(false);
  let devices = [device(1), device(2)];
  const snapshot = vi.fn(async (_ids: readonly number[] | null) => devices.map((d) => ({ ...d, values: { ...d.values } })));
  const channels = createRealtimeChannels(
    { messages, measures, resyncs, hidden, snapshot },
    // frames as a zero-delay timer: fake timers drive them like the rest
    { scheduler: asyncScheduler },
  );
  return {
    messages,
    measures,
    resyncs,
    hidden,
    snapshot,
    channels,
    setDevices: (d: DeviceSnapshot[]) => (devices = d),
  };
}

describe('the tile channel', () => {
  it('the same projects in any order are one channel: one snapshot request, one fold, the same maps', async () => {
    const c = console_();
    const wall: ReadonlyMap<number, Tile>[] = [];
    const table: ReadonlyMap<number, Tile>[] = [];
    c.channels.tiles([2, 1]).subscribe((m) => wall.push(m));
    c.channels.tiles([1, 2, 2]).subscribe((m) => table.push(m));
    await vi.advanceTimersByTimeAsync(1);
    expect(c.snapshot).toHaveBeenCalledTimes(1);
    expect(c.snapshot).toHaveBeenCalledWith([1, 2]);
    expect(wall).toHaveLength(1);
    expect(table).toEqual(wall);
    expect(projectsKey([2, 1, 2])).toBe('1,2');
  });

  it('pushed values, statuses and alarms fold into the tiles once a frame; untouched tiles keep their identity', async () => {
    const c = console_();
    const frames: ReadonlyMap<number, Tile>[] = [];
    c.channels.tiles(null).subscribe((m) => frames.push(m));
    await vi.advanceTimersByTimeAsync(1);
    c.measures.next({ deviceId: 1, projectId: 1, time: 2000, values: { 1101: 66 } });
    c.measures.next({ deviceId: 1, projectId: 1, time: 1500, values: { 1001: 1 } }); // older: ignored
    c.messages.next(notice(5, 'device.status_changed', 1, { from: 1, to: 2 }));
    c.messages.next(notice(6, 'alarm.raised', 1, { peceventlevel: 1 }));
    c.measures.next({ deviceId: 99, projectId: 1, time: 2000, values: { 1001: 1 } }); // not on the wall
    await vi.advanceTimersByTimeAsync(1);
    expect(frames).toHaveLength(2);
    expect(frames[1]!.get(1)).toMatchObject({
      devicestatus: 2,
      alarmRank: 3,
      activeAlarms: 1,
      time: 2000,
      values: new Map([
        [1001, 50],
        [1101, 66],
      ]),
    });
    expect(frames[1]!.get(2)).toBe(frames[0]!.get(2));
    expect(frames[1]!.has(99)).toBe(false);
    c.messages.next(notice(7, 'alarm.ended', 1));
    await vi.advanceTimersByTimeAsync(1);
    expect(frames[2]!.get(1)).toMatchObject({ activeAlarms: 0, alarmRank: 0 });
  });

  it('reloads its snapshot after a resync and every SNAPSHOT_REFRESH_MS; a failed load keeps the tiles', async () => {
    const c = console_();
    const frames: ReadonlyMap<number, Tile>[] = [];
    c.channels.tiles(null).subscribe((m) => frames.push(m));
    await vi.advanceTimersByTimeAsync(1);
    c.setDevices([device(1), device(2), device(3)]);
    c.resyncs.next(10);
    await vi.advanceTimersByTimeAsync(1);
    expect(c.snapshot).toHaveBeenCalledTimes(2);
    expect([...frames.at(-1)!.keys()]).toEqual([1, 2, 3]);
    c.snapshot.mockRejectedValueOnce(new Error('503'));
    await vi.advanceTimersByTimeAsync(SNAPSHOT_REFRESH_MS);
    expect(c.snapshot).toHaveBeenCalledTimes(3);
    expect([...frames.at(-1)!.keys()]).toEqual([1, 2, 3]);
    // a device as the server's JSON lists its fields (in another order) becomes a tile of the one shape
    const { trip, deviceId, ...rest } = device(1);
    c.setDevices([{ trip, ...rest, deviceId }]);
    await vi.advanceTimersByTimeAsync(SNAPSHOT_REFRESH_MS);
    expect([...frames.at(-1)!.keys()]).toEqual([1]);
    expect(Object.keys(frames.at(-1)!.get(1)!)).toEqual(Object.keys(device(1)));
  });

  it('in a hidden tab nothing is painted; the tiles catch up at the first frame after it shows', async () => {
    const c = console_();
    const frames: ReadonlyMap<number, Tile>[] = [];
    c.channels.tiles(null).subscribe((m) => frames.push(m));
    await vi.advanceTimersByTimeAsync(1);
    c.hidden.next(true);
    for (let i = 1; i <= 5000; i++) c.measures.next({ deviceId: 1 + (i % 2), projectId: 1, time: 1000 + i, values: { 1001: i } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(frames).toHaveLength(1);
    c.hidden.next(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(frames).toHaveLength(2);
    expect(frames[1]!.get(1)!.values.get(1001)).toBe(5000);
    expect(frames[1]!.get(2)!.values.get(1001)).toBe(4999);
  });

  it('a view that leaves and comes back within the keep-alive gets the tiles at once, without a new snapshot; later the channel stops', async () => {
    const c = console_();
    const first = c.channels.tiles(null).subscribe();
    await vi.advanceTimersByTimeAsync(1);
    first.unsubscribe();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS - 10);
    const again: ReadonlyMap<number, Tile>[] = [];
    const second = c.channels.tiles(null).subscribe((m) => again.push(m));
    expect(again).toHaveLength(1);
    expect(c.snapshot).toHaveBeenCalledTimes(1);
    second.unsubscribe();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS);
    expect(c.measures.observed).toBe(false);
    expect(c.messages.observed).toBe(false);
    expect(c.channels.cache.running).toBe(0);
  });
});

describe('the raised-alarm channel', () => {
  it('bell, popup and kiosk share one upstream; each raised alarm reaches each of them once', async () => {
    const c = console_();
    const bell: string[] = [];
    const kiosk: string[] = [];
    c.channels.raisedAlarms().subscribe((b) => bell.push(...b.map((m) => m.id)));
    c.channels.raisedAlarms().subscribe((b) => kiosk.push(...b.map((m) => m.id)));
    c.messages.next(notice(1, 'alarm.raised', 1));
    c.messages.next(notice(2, 'alarm.ended', 1));
    c.messages.next(notice(3, 'alarm.raised', 2));
    await vi.advanceTimersByTimeAsync(1);
    expect(bell).toEqual(['m1', 'm3']);
    expect(kiosk).toEqual(['m1', 'm3']);
    expect(c.channels.cache.running).toBe(1);
  });
});

describe('reduceTile', () => {
  it('a repeated value gives back the same tile, so nothing re-renders', () => {
    const tile = asTile(device(1));
    const same = reduceTile(tile, { type: 'measure', message: { deviceId: 1, projectId: 1, time: 1000, values: { 1001: 50 } } });
    expect(same).toBe(tile);
    const moved = reduceTile(tile, { type: 'measure', message: { deviceId: 1, projectId: 1, time: 1000, values: { 1001: 51 } } });
    expect(moved!.values).toEqual(new Map([[1001, 51]]));
    expect(tile.values.get(1001)).toBe(50);
    const raised = reduceTile(tile, { type: 'notice', message: notice(9, 'alarm.raised', 1, { peceventlevel: 2 }) });
    expect(raised).toMatchObject({ activeAlarms: 1, alarmRank: 2 });
    // a new tile, the old one as it was; every tile with the same fields in the same order (one shape)
    expect(tile).toMatchObject({ activeAlarms: 0, alarmRank: 0 });
    expect(Object.keys(raised!)).toEqual(Object.keys(tile));
    expect(Object.keys(moved!)).toEqual(Object.keys(tile));
    expect(reduceTile(raised, { type: 'notice', message: notice(10, 'user.login', 1) })).toBe(raised);
  });

  it('names what tripped the severest alarm, and forgets it when that alarm ends', () => {
    const raise = (seq: number, eventId: number, peceventlevel: number, dataId: number, value: number, limit: number) =>
      notice(seq, 'alarm.raised', 1, { eventId, peceventlevel, customtype: 1, dataId, value, limit });
    const warned = reduceTile(asTile(device(1)), { type: 'notice', message: raise(1, 11, 4, 1101, 60, 56) })!;
    expect(warned.trip).toEqual({ eventId: 11, level: 4, customtype: 1, dataId: 1101, value: 60, limit: 56 });
    const alarmed = reduceTile(warned, { type: 'notice', message: raise(2, 12, 2, 1001, 450, 300) })!;
    expect(alarmed.trip).toMatchObject({ eventId: 12, dataId: 1001, value: 450, limit: 300 });
    // a milder alarm raised later does not take the place of the severer one
    const later = reduceTile(alarmed, { type: 'notice', message: raise(3, 13, 4, 1102, 58, 56) })!;
    expect(later.trip?.eventId).toBe(12);
    const ended = reduceTile(later, { type: 'notice', message: notice(4, 'alarm.ended', 1, { eventId: 12 }) })!;
    expect(ended.trip).toBeNull();
    expect(ended.activeAlarms).toBe(2);
  });
});
