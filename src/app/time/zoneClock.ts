/**
 * The date (yyyy-MM-dd) and the time (HH:mm:ss) of a moment in a zone, for the clocks of the wall
 * screens, which format every second. Through Intl rather than a zoned Date subclass (TZDate): one
 * cached formatter per zone, and no dependence on Date being subclassable — a replaced Date (a fake
 * clock, as Playwright's page.clock installs) hands back plain Dates from `super()`, and a TZDate then
 * reads the browser's own zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  return f;
}

const partsOf = (t: number, zone: string): Partial<Record<Intl.DateTimeFormatPartTypes, string>> =>
  Object.fromEntries(
    formatterOf(zone)
      .formatToParts(t)
      .map((x) => [x.type, x.value]),
  );

export function zoneClock(t: number, zone: string): { date: string; time: string } {
  const p = partsOf(t, zone);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

/**
 * A Date whose local fields (getHours, getDate, …) read the moment's wall clock in `zone`: what a chart's
 * time axis asks of uPlot's `tzDate` option. uPlot's own uPlot.tzDate makes it through toLocaleString and
 * a string parse, a new formatter each call: some 60 µs a call in Node, and an axis asks some twenty
 * times a draw. Through the cached formatter it is the same Date in a fifth of that.
 */
export function zoneWallDate(t: number, zone: string): Date {
  const p = partsOf(t, zone);
  const wall = new Date(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  wall.setMilliseconds(new Date(t).getMilliseconds());
  return wall;
}
