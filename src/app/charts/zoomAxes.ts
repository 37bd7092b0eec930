import type uPlot from 'uplot';

// uPlot's own axis font and sizes (uPlot 1.6 defaults), grown with the console.
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

/**
 * The axes of a chart on a console grown `zoom` times with a large screen (styles.css): uPlot sizes
 * its tick text, gaps and axis widths in px, which would leave 12 px ticks beside 24 px text at 4K.
 * Sizes given as functions are left to their function.
 */
export function zoomAxes(axes: uPlot.Axis[] | undefined, zoom: number): uPlot.Axis[] | undefined {
  if (!axes || zoom === 1) return axes;
  return axes.map((a) => {
    const isX = (a.scale ?? 'x') === 'x';
    return {
      ...a,
      font: `${12 * zoom}px ${FONT}`,
      labelFont: `bold ${12 * zoom}px ${FONT}`,
      size: typeof a.size === 'function' ? a.size : num(a.size, 50) * zoom,
      gap: num(a.gap, 5) * zoom,
      labelSize: num(a.labelSize, 30) * zoom,
      space: typeof a.space === 'function' ? a.space : num(a.space, isX ? 50 : 30) * zoom,
      ticks: { ...a.ticks, size: num(a.ticks?.size, 10) * zoom },
    };
  });
}

/**
 * uPlot's automatic padding (a third of an x axis above, half a y axis beside a side without an axis,
 * room for the edge tick labels) grown `zoom` times: its own is sized for 12 px ticks and cuts the last
 * time label at 4K.
 */
export function zoomPadding(zoom: number): uPlot.Padding | undefined {
  if (zoom === 1) return undefined;
  const side: uPlot.PaddingSide = (_u, s, [top, right, bottom, left]) => {
    if (s % 2 === 0) return (left || right) && ((s === 0 && !top) || (s === 2 && !bottom)) ? Math.round((50 * zoom) / 3) : 0;
    return (top || bottom) && ((s === 1 && !right) || (s === 3 && !left)) ? Math.round((50 * zoom) / 2) : 0;
  };
  return [side, side, side, side];
}
