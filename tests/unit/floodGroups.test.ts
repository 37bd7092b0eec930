import { describe, expect, it } from 'vitest';
import { DEFAULT_FLOOD_POLICY, groupDevices, groupNotices, isFlooding, type FloodItem } from '../../domain/floodGroups';

let seq = 0;
const notice = (deviceId: number, time: number, logTypeName = '剩余电流报警'): FloodItem => ({
  id: `n${++seq}`,
  time,
  logTypeName,
  description: { deviceId, deviceCode: `VG${deviceId}` },
});
/** newest first, as the bell holds them */
const newestFirst = (list: FloodItem[]) => [...list].sort((a, b) => b.time - a.time);

describe('alarm floods', () => {
  it('folds 30 alarms of one device and type into one group row, newest time, ×30; others stay single', () => {
    const flood = Array.from({ length: 30 }, (_, i) => notice(3, 1_000 + i * 1_000));
    const other = notice(7, 20_500, '温度报警');
    const rows = groupNotices(newestFirst([...flood, other]));
    expect(rows).toHaveLength(2);
    const group = rows.find((r) => r.kind === 'group');
    expect(group?.kind === 'group' && group.group.count).toBe(30);
    expect(group?.kind === 'group' && group.group.latest.time).toBe(30_000);
    expect(group?.kind === 'group' && group.group.ids).toHaveLength(30);
    expect(rows.filter((r) => r.kind === 'one').map((r) => r.kind === 'one' && r.notice.id)).toEqual([other.id]);
    // the group sits where its newest message is: before the single temperature alarm
    expect(rows[0]!.kind).toBe('group');
  });

  it('no group up to the threshold, nor when the alarms are spread wider than the window', () => {
    const few = Array.from({ length: DEFAULT_FLOOD_POLICY.threshold }, (_, i) => notice(3, i * 1_000));
    expect(groupNotices(newestFirst(few)).every((r) => r.kind === 'one')).toBe(true);
    const spread = Array.from({ length: 10 }, (_, i) => notice(4, i * (DEFAULT_FLOOD_POLICY.windowMs / 2)));
    expect(groupNotices(newestFirst(spread)).every((r) => r.kind === 'one')).toBe(true);
  });

  it('the same device with another alarm type is another group', () => {
    const a = Array.from({ length: 8 }, (_, i) => notice(3, i * 100, '剩余电流报警'));
    const b = Array.from({ length: 8 }, (_, i) => notice(3, i * 100 + 50, '温度报警'));
    const rows = groupNotices(newestFirst([...a, ...b]));
    expect(rows.map((r) => r.kind)).toEqual(['group', 'group']);
  });

  it('tells whether a new alarm continues a flood', () => {
    const items = newestFirst(Array.from({ length: 5 }, (_, i) => notice(3, i * 1_000)));
    expect(isFlooding(items, notice(3, 5_000))).toBe(true);
    expect(isFlooding(items.slice(1), notice(3, 5_000))).toBe(false);
    expect(isFlooding(items, notice(9, 5_000, '温度报警'))).toBe(false);
    // the same type on another device is the type's sixth within the window: a flood of the type
    expect(isFlooding(items, notice(9, 5_000))).toBe(true);
  });

  it('one alarm type raised across devices past the threshold is one type group, listing each device', () => {
    // a feeder trips: twelve devices lose communication within 40 s, some of them twice
    const outage = Array.from({ length: 18 }, (_, i) => notice(100 + (i % 12), 1_000 + i * 2_000, '通信中断'));
    const other = notice(7, 20_500, '温度报警');
    const rows = groupNotices(newestFirst([...outage, other]));
    expect(rows.map((r) => r.kind).sort()).toEqual(['group', 'one']);
    const group = rows.find((r) => r.kind === 'group');
    if (group?.kind !== 'group') throw new Error('no group');
    expect(group.group).toMatchObject({ scope: 'type', count: 18, devices: 12 });
    expect(group.group.latest.time).toBe(35_000);
    const devices = groupDevices(group.group);
    expect(devices).toHaveLength(12);
    // newest first; a device that lost communication twice counts 2
    expect(devices[0]!.latest.time).toBe(35_000);
    expect(devices.reduce((n, d) => n + d.count, 0)).toBe(18);
    expect(devices.filter((d) => d.count === 2)).toHaveLength(6);
  });

  it("a device's own flood stays its own row beside a type group; a few of a type across devices stay single", () => {
    const loud = Array.from({ length: 10 }, (_, i) => notice(3, i * 1_000));
    const spread = Array.from({ length: 7 }, (_, i) => notice(200 + i, 500 + i * 1_000));
    const rows = groupNotices(newestFirst([...loud, ...spread]));
    const groups = rows.flatMap((r) => (r.kind === 'group' ? [r.group] : []));
    expect(groups.map((g) => [g.scope, g.count, g.devices]).sort()).toEqual([
      ['device', 10, 1],
      ['type', 7, 7],
    ]);
    // five devices with one alarm each, beside the loud one: not a type flood of their own
    const few = Array.from({ length: DEFAULT_FLOOD_POLICY.threshold }, (_, i) => notice(300 + i, 500 + i * 1_000));
    const rows2 = groupNotices(newestFirst([...loud, ...few]));
    expect(rows2.filter((r) => r.kind === 'one')).toHaveLength(DEFAULT_FLOOD_POLICY.threshold);
    expect(rows2.filter((r) => r.kind === 'group')).toHaveLength(1);
  });

  it('a new alarm of a flooding type on another device continues the flood; of another type it does not', () => {
    const items = newestFirst(Array.from({ length: 5 }, (_, i) => notice(400 + i, i * 1_000, '通信中断')));
    expect(isFlooding(items, notice(499, 5_000, '通信中断'))).toBe(true);
    expect(isFlooding(items, notice(499, 5_000, '温度报警'))).toBe(false);
    // the window counts back from the new alarm: five an hour earlier are not a flood
    expect(isFlooding(items, notice(499, 3_600_000, '通信中断'))).toBe(false);
    // isFlooding says exactly what the bell will show
    const next = notice(499, 5_000, '通信中断');
    expect(groupNotices([next, ...items]).some((r) => r.kind === 'group' && r.group.ids.includes(next.id))).toBe(true);
  });
});
