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

export function zoneClock(t: number, zone: string): { date: string; time: string } {
  const p = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(t)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}
