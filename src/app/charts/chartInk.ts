/** The axis and grid colours of the app's uPlot charts per theme (as the trend and evidence charts draw them). */
export const chartInk = (dark: boolean) => ({
  ink: dark ? '#8ea0bd' : '#64748b',
  grid: dark ? '#243452' : '#e5eaf0',
  /** the theme's brand colour (styles.css --vg-brand) */
  brand: dark ? '#3b8cff' : '#0b5cad',
  /** a second series beside the brand one, apart from it for colour-blind readers and from the alarm colours */
  second: dark ? '#c39bff' : '#7b3fb5',
});
