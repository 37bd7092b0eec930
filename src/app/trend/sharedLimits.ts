export interface SharedLimit {
  scale: 'y' | 'y2';
  key: 'trend.upper' | 'trend.lower';
  value: number;
  /** the series that have this limit: one name labels it, several share one unnamed label */
  names: string[];
}

/** What of a plotted series its limits need (trendPlot's PlotSeries has these fields). */
interface LimitedSeries {
  label: string;
  scale: 'y' | 'y2';
  upperLimit: number | null;
  lowerLimit: number | null;
}

/** The distinct limits of the shown series, so devices sharing 70 ℃ draw one line and one label. */
export function sharedLimits(series: readonly LimitedSeries[]): SharedLimit[] {
  const out = new Map<string, SharedLimit>();
  for (const ps of series)
    for (const [value, key] of [
      [ps.upperLimit, 'trend.upper'],
      [ps.lowerLimit, 'trend.lower'],
    ] as const) {
      if (value == null) continue;
      const id = `${ps.scale}|${key}|${value}`;
      const seen = out.get(id);
      if (seen) seen.names.push(ps.label);
      else out.set(id, { scale: ps.scale, key, value, names: [ps.label] });
    }
  return [...out.values()];
}
