import { describe, expect, it } from 'vitest';
import { Subject, VirtualTimeScheduler } from 'rxjs';
import { coalescePerFrame } from '../../streams/coalesce';
import { alarmStream, deviceStatusStream, type PushedMessage } from '../../streams/alarmStreams';

const msg = (seq: number, kind: string, deviceId: number, payload: unknown = {}): PushedMessage => ({
  seq,
  kind,
  time: seq * 1000,
  description: { deviceId },
  payload,
});

describe('streams', () => {
  it('coalesces a burst into one emission per frame', () => {
    const scheduler = new VirtualTimeScheduler();
    const source = new Subject<number>();
    const out: number[][] = [];
    source.pipe(coalescePerFrame<number>(scheduler)).subscribe((b) => out.push(b));
    for (let i = 0; i < 1000; i++) source.next(i);
    expect(out).toEqual([]);
    scheduler.flush();
    expect(out).toHaveLength(1);
    expect(out[0]).toHaveLength(1000);
    source.next(1);
    scheduler.flush();
    expect(out).toHaveLength(2);
  });

  it('alarm stream keeps only alarm messages in arrival order', () => {
    const scheduler = new VirtualTimeScheduler();
    const source = new Subject<PushedMessage>();
    const out: number[][] = [];
    alarmStream(source, scheduler).subscribe((b) => out.push(b.map((m) => m.seq)));
    source.next(msg(1, 'alarm.raised', 1));
    source.next(msg(2, 'user.login', 0));
    source.next(msg(3, 'alarm.ended', 1));
    scheduler.flush();
    expect(out).toEqual([[1, 3]]);
  });

  it('device status folds status changes and active alarms per device, once per frame', () => {
    const scheduler = new VirtualTimeScheduler();
    const source = new Subject<PushedMessage>();
    const maps: ReadonlyMap<number, { status: number | null; activeAlarms: number }>[] = [];
    deviceStatusStream(source, scheduler).subscribe((m) => maps.push(m));
    source.next(msg(1, 'device.status_changed', 7, { from: 1, to: 3 }));
    source.next(msg(2, 'alarm.raised', 7));
    source.next(msg(3, 'alarm.raised', 8));
    scheduler.flush();
    expect(maps).toHaveLength(1);
    expect(maps[0]!.get(7)).toMatchObject({ status: 3, activeAlarms: 1 });
    source.next(msg(4, 'alarm.ended', 7));
    source.next(msg(2, 'alarm.raised', 7)); // a replayed duplicate changes nothing
    scheduler.flush();
    expect(maps[1]!.get(7)).toMatchObject({ activeAlarms: 0 });
    expect(maps[1]).not.toBe(maps[0]);
  });

  it('shares one upstream subscription and tears it down when the last subscriber leaves', () => {
    const scheduler = new VirtualTimeScheduler();
    const source = new Subject<PushedMessage>();
    const stream = deviceStatusStream(source, scheduler);
    const a = stream.subscribe();
    const b = stream.subscribe();
    expect(source.observed).toBe(true);
    a.unsubscribe();
    expect(source.observed).toBe(true);
    b.unsubscribe();
    expect(source.observed).toBe(false);
  });
});

describe('device tiles', () => {
  const tile = (deviceId: number) => ({
    deviceId,
    code: `VG${deviceId}`,
    name: `d${deviceId}`,
    projectId: 1,
    projectName: 'p',
    devicestatus: 1,
    alarmRank: 0,
    activeAlarms: 0,
    time: 1000,
    values: { 1001: 50 },
  });

  it('starts from the snapshot, then folds values, status changes and alarms; untouched tiles keep their identity', async () => {
    const { deviceTiles } = await import('../../streams/deviceTiles');
    const scheduler = new VirtualTimeScheduler();
    const source = new Subject<import('../../streams/deviceTiles').TileUpdate>();
    const frames: ReadonlyMap<number, import('../../streams/deviceTiles').Tile>[] = [];
    deviceTiles(source, scheduler).subscribe((m) => frames.push(m));
    source.next({ type: 'snapshot', devices: [tile(1), tile(2)] });
    scheduler.flush();
    source.next({ type: 'measure', message: { deviceId: 1, projectId: 1, time: 2000, values: { 1101: 66 } } });
    source.next({ type: 'measure', message: { deviceId: 1, projectId: 1, time: 1500, values: { 1001: 1 } } }); // older: ignored
    source.next({ type: 'notice', message: msg(5, 'device.status_changed', 1, { from: 1, to: 2 }) });
    source.next({ type: 'notice', message: msg(6, 'alarm.raised', 1, { peceventlevel: 1 }) });
    scheduler.flush();
    expect(frames).toHaveLength(2);
    const t1 = frames[1]!.get(1)!;
    expect(t1).toMatchObject({ devicestatus: 2, alarmRank: 3, activeAlarms: 1, time: 2000, values: { 1001: 50, 1101: 66 } });
    expect(frames[1]!.get(2)).toBe(frames[0]!.get(2));
    source.next({ type: 'notice', message: msg(7, 'alarm.ended', 1) });
    scheduler.flush();
    expect(frames[2]!.get(1)).toMatchObject({ activeAlarms: 0, alarmRank: 0 });
  });
});
