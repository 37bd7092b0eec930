import type uPlot from 'uplot';

/** A step longer than this many times the usual (median) step between points is a gap in the data. */
const GAP_FACTOR = 3;

/**
 * Missing data shown as missing: where two neighbouring points are further apart than GAP_FACTOR × the
 * median step, a row of nulls is put between them, so uPlot (spanGaps false) breaks the line there
 * instead of drawing a straight segment across hours nobody measured. Per-pixel reduced views already
 * hold NaN/null in empty columns and pass through unchanged (their steps are all equal).
 */
export function breakGaps(data: uPlot.AlignedData, factor = GAP_FACTOR): uPlot.AlignedData {
  const x = data[0];
  const n = x.length;
  if (n < 3) return data;
  const steps = new Float64Array(n - 1);
  for (let i = 1; i < n; i++) steps[i - 1] = x[i]! - x[i - 1]!;
  const median = Float64Array.from(steps).sort()[(n - 1) >> 1]!;
  if (!(median > 0)) return data;
  const limit = median * factor;
  const at: number[] = [];
  for (let i = 0; i < steps.length; i++) if (steps[i]! > limit) at.push(i);
  if (!at.length) return data;
  const out: (number | null)[][] = data.map(() => []);
  let from = 0;
  for (const i of at) {
    for (let k = 0; k < data.length; k++) {
      const col = data[k] as ArrayLike<number | null | undefined>;
      for (let j = from; j <= i; j++) {
        const v = col[j];
        out[k]!.push(v === undefined || (typeof v === 'number' && v !== v) ? null : v);
      }
    }
    // the break: a time between the two points with no value in any series
    out[0]!.push((x[i]! + x[i + 1]!) / 2);
    for (let k = 1; k < data.length; k++) out[k]!.push(null);
    from = i + 1;
  }
  for (let k = 0; k < data.length; k++) {
    const col = data[k] as ArrayLike<number | null | undefined>;
    for (let j = from; j < n; j++) {
      const v = col[j];
      out[k]!.push(v === undefined || (typeof v === 'number' && v !== v) ? null : v);
    }
  }
  return out as uPlot.AlignedData;
}

/** How many breaks `breakGaps` put in (the chart reports it for tests and screen readers). */
export function gapCount(before: uPlot.AlignedData, after: uPlot.AlignedData): number {
  return after[0].length - before[0].length;
}
