import { describe, expect, it } from 'vitest';
import { checkBatch } from '../../server/telemetry/validateBatch';

const ZONE = 'Asia/Shanghai';
const T = Date.UTC(2026, 11, 3, 2, 0, 0);

describe('a backfill batch: readings with times of their own', () => {
  it('keeps every dataId at every time once, refusing only a repeat of the same dataId at the same time', () => {
    // an hour of two measures at 15 s, as a gateway sends what it buffered while offline, with two repeats
    const values = [1001, 1101].flatMap((dataId) =>
      Array.from({ length: 240 }, (_, i) => ({ dataId, value: 10 + i / 10, time: T + i * 15_000 })),
    );
    values.push({ dataId: 1001, value: 99, time: T + 15_000 }, { dataId: 1101, value: 99, time: T + 3_585_000 });
    const checked = checkBatch({ device: 'VG1', time: T, values }, T + 3_600_000, ZONE);
    expect(checked.readings).toHaveLength(480);
    expect(checked.rejected).toEqual([
      { index: 480, dataId: 1001, reason: 'dataId 1001 在同一时刻重复' },
      { index: 481, dataId: 1101, reason: 'dataId 1101 在同一时刻重复' },
    ]);
    // the first of a repeated pair is the one kept
    expect(checked.readings.find((r) => r.def.dataId === 1001 && r.time === T + 15_000)?.value).toBe(10.1);
  });

  it('tells apart milliseconds of high dataIds, and a reading at the batch time from one stamped with it', () => {
    const checked = checkBatch(
      {
        device: 'VG1',
        time: T,
        values: [
          { dataId: 1402, value: 1, time: T + 1 },
          { dataId: 1402, value: 2, time: T + 2 },
          { dataId: 1402, value: 3 },
          { dataId: 1402, value: 4, time: T },
        ],
      },
      T + 60_000,
      ZONE,
    );
    expect(checked.readings.map((r) => [r.time - T, r.value])).toEqual([
      [1, 1],
      [2, 2],
      [0, 3],
    ]);
    expect(checked.rejected).toEqual([{ index: 3, dataId: 1402, reason: 'dataId 1402 在同一时刻重复' }]);
  });
});
