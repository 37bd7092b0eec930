import type uPlot from 'uplot';
/** The axis and grid colours of the app's uPlot charts per theme (as the trend and evidence charts draw them). */
export const chartInk = (dark: boolean) => ({
  ink: dark ? '#8ea0bd' : '#64748b',
  grid: dark ? '#243452' : '#e5eaf0',
  /** the theme's brand colour (styles.css --vg-brand) */
  brand: dark ? '#3b8cff' : '#0b5cad',
  /** a second series beside the brand one, apart from it for colour-blind readers and from the alarm colours */
  second: dark ? '#c39bff' : '#7b3fb5',
});

/**
 * The axes of a time chart with one or two unit scales, in the theme's ink: the time axis below
 * (`space`: the room a tick's label takes, so labels never run into each other) and a unit axis
 * per scale, left (side 3, with the grid) or right (side 1), each with room for its unit label.
 */
export function timeChartAxes(dark: boolean, room: { labelSize: number; size: number }) {
  const { ink, grid } = chartInk(dark);
  return {
    time: (values: uPlot.Axis['values'], space: number): uPlot.Axis => ({
      stroke: ink,
      grid: { stroke: grid },
      ticks: { stroke: grid },
      values,
      space,
    }),
    unit: (scale: string, unit: string, side: 1 | 3): uPlot.Axis => ({
      scale,
      side,
      stroke: ink,
      grid: { stroke: grid, show: side === 3 },
      ticks: { stroke: grid },
      label: unit,
      ...room,
    }),
  };
}
