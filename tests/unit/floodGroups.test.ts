import { describe, expect, it } from 'vitest';
import { DEFAULT_FLOOD_POLICY, groupNotices, isFlooding, type FloodItem } from '../../domain/floodGroups';

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
    expect(isFlooding(items, notice(9, 5_000))).toBe(false);
  });
});
