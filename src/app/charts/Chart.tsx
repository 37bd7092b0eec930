import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useProjectZone } from '../time/projectTime';
import { zoneWallDate } from '../time/zoneClock';
import UplotReact from 'uplot-react';
import 'uplot/dist/uPlot.min.css';
import { breakGaps, gapCount } from './gaps';
import { useScaledPx } from '../ui/rem';
import { zoomAxes, zoomPadding } from './zoomAxes';

/** uPlot options without the size: the chart takes its width from its box and its height from the caller. */
export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

/**
 * The app's one chart: uplot-react owns the uPlot instance. It builds the chart when `options` changes
 * identity (so callers memoize options per layout), hands new `data` to setData without a rebuild, and
 * resizes through setSize when only width or height change. This component adds what uplot-react leaves
 * to its caller: the width of the box the chart sits in, and re-ranging the scales over unchanged data.
 */
export function Chart({
  options,
  data,
  height,
  testId,
  rescale,
}: {
  options: ChartOptions;
  data: uPlot.AlignedData;
  height: number;
  testId?: string | undefined;
  /**
   * A key whose change re-ranges the scales over the current data, for range functions that read more
   * than the data (limit lines that must fit, a view range). uplot-react skips setData when the data
   * compares equal, and uPlot paints once per microtask, so this never adds a paint to a data change.
   */
  rescale?: string | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current!;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // Time axes tick at the project zone's hours and midnights, not the browser's (one time-zone rule).
  const zone = useProjectZone();
  // On a large screen the console grows (styles.css), and the chart with it: its axes and its height.
  const zoom = useScaledPx(16) / 16;
  const zoned = useMemo(
    () => ({
      ...options,
      axes: zoomAxes(options.axes, zoom),
      padding: options.padding ?? zoomPadding(zoom),
      tzDate: (ts: number) => zoneWallDate(ts * 1000, zone),
    }),
    [options, zone, zoom],
  );
  // Same references for every key but the size: uplot-react resizes instead of rebuilding.
  const sized = useMemo(() => ({ ...zoned, width, height: Math.round(height * zoom) }), [zoned, width, height, zoom]);
  // Time series: hours without data stay empty instead of being bridged by a straight line.
  const shown = useMemo(() => breakGaps(data), [data]);

  const chart = useRef<uPlot | null>(null);
  const onCreate = useCallback((u: uPlot) => void (chart.current = u), []);
  const onDelete = useCallback(() => void (chart.current = null), []);
  const rescaled = useRef(rescale);
  useEffect(() => {
    if (rescaled.current === rescale) return;
    rescaled.current = rescale;
    const u = chart.current;
    if (u) u.setData(u.data, true);
  }, [rescale]);

  return (
    <div ref={box} data-testid={testId} data-gaps={gapCount(data, shown)} className="w-full">
      {width > 0 && <UplotReact options={sized} data={shown} onCreate={onCreate} onDelete={onDelete} />}
    </div>
  );
}
