import { describe, expect, it } from 'vitest';
import { step, type Rank, type SeriesState } from '../../../server/alarms/hysteresis';
import { MEASURE_BY_ID, defaultThreshold, type Threshold } from '../../../domain/telemetry';

const leak = defaultThreshold(MEASURE_BY_ID.get(1001)!); // alarm 300, warn 240, band 15
const temp = defaultThreshold(MEASURE_BY_ID.get(1101)!); // alarm 70, warn 56, band 3.5
const probe = defaultThreshold(MEASURE_BY_ID.get(1501)!); // fault at 1, no warning stage

function run(t: Threshold, values: number[], clearCount = 2): Rank[] {
  let s: SeriesState = { rank: 0, releaseCount: 0 };
  return values.map((v) => (s = step(s, t, v, clearCount)).rank);
}

describe('default thresholds', () => {
  it('follow practice: 300 mA residual, 70 °C cable, early warning at 80 %', () => {
    expect(leak).toMatchObject({ alarmLimit: 300, warnLimit: 240, hysteresis: 15, enabled: true });
    expect(temp).toMatchObject({ alarmLimit: 70, warnLimit: 56 });
    expect(probe).toMatchObject({ alarmLimit: 1, warnLimit: null, hysteresis: 0 });
  });
});

describe('threshold and hysteresis table', () => {
  const cases: { name: string; t: Threshold; values: number[]; ranks: Rank[]; clear?: number }[] = [
    { name: 'normal stays normal', t: leak, values: [50, 120, 200, 239.9], ranks: [0, 0, 0, 0] },
    { name: 'early warning at 80 %', t: leak, values: [100, 240], ranks: [0, 1] },
    { name: 'alarm at the limit, straight from normal', t: leak, values: [100, 300], ranks: [0, 2] },
    { name: 'warning escalates to alarm', t: leak, values: [250, 310], ranks: [1, 2] },
    { name: 'inside the release band the alarm holds', t: leak, values: [310, 290, 286, 299], ranks: [2, 2, 2, 2] },
    { name: 'below the band for two readings ends it', t: leak, values: [310, 200, 200], ranks: [2, 2, 0] },
    { name: 'a single dip below the band does not end it', t: leak, values: [310, 200, 310, 200, 310], ranks: [2, 2, 2, 2, 2] },
    { name: 'alarm falls back to warning', t: leak, values: [310, 250, 250], ranks: [2, 2, 1] },
    { name: 'flapping around the limit: one episode', t: leak, values: [299, 301, 299, 301, 298, 302, 299], ranks: [1, 2, 2, 2, 2, 2, 2] },
    {
      name: 'wide flapping (below band each other reading): still one episode',
      t: leak,
      values: [350, 250, 350, 250, 350],
      ranks: [2, 2, 2, 2, 2],
    },
    { name: 'temperature alarm and return', t: temp, values: [60, 71, 68, 66, 66], ranks: [1, 2, 2, 2, 1] },
    { name: 'probe fault is immediate, return after two normal readings', t: probe, values: [0, 1, 0, 0], ranks: [0, 2, 2, 0] },
    { name: 'clear count 1 ends on the first reading below the band', t: leak, values: [310, 200], ranks: [2, 0], clear: 1 },
    { name: 'disabled threshold never alarms', t: { ...leak, enabled: false }, values: [500, 900], ranks: [0, 0] },
    { name: 'no warning stage when warnLimit is null', t: { ...leak, warnLimit: null }, values: [280, 300], ranks: [0, 2] },
  ];
  it.each(cases)('$name', ({ t, values, ranks, clear }) => {
    expect(run(t, values, clear)).toEqual(ranks);
  });
});
