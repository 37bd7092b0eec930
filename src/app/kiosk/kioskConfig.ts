import { findRoute, normalizePath } from '../../../domain/routes';

/** A wall display's settings, from its URL: ?kiosk=1&screens=/realTime,/home&interval=60&report=15&page=15 (screens default: DEFAULT_KIOSK_SCREENS) */
export interface KioskConfig {
  screens: string[];
  intervalMs: number;
  /** the devices' report interval: data older than two of them is flagged */
  reportMs: number;
  /** how long the wall shows each page of tiles when they do not fit one screen */
  pageMs: number;
}

/** Defaults of a wall outside kiosk mode too (the simulator's and the spec's 15 s). */
export const DEFAULT_REPORT_MS = 15_000;
const DEFAULT_PAGE_MS = 15_000;

const KEY = 'vg.kiosk';
const PARAMS = ['kiosk', 'screens', 'interval', 'report', 'page'];

/**
 * A wall given no `screens` rotates the 大屏 overview and the tile wall (issue 30), starting with the
 * screen its address names; another screen named there goes first, before the two.
 */
const DEFAULT_KIOSK_SCREENS = ['/bigScreen', '/realTime'];

function defaultRotation(currentPath: string): string[] {
  const start = currentPath !== '/' && findRoute(currentPath) ? currentPath : DEFAULT_KIOSK_SCREENS[0]!;
  const at = DEFAULT_KIOSK_SCREENS.indexOf(start);
  if (at < 0) return [start, ...DEFAULT_KIOSK_SCREENS];
  return [...DEFAULT_KIOSK_SCREENS.slice(at), ...DEFAULT_KIOSK_SCREENS.slice(0, at)];
}

function positive(v: string | null, fallback: number): number {
  const n = Number(v);
  return v !== null && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function parseKiosk(params: URLSearchParams, currentPath: string): KioskConfig | null {
  if (params.get('kiosk') !== '1') return null;
  const listed = (params.get('screens') ?? '')
    .split(',')
    .map((s) => normalizePath(s.trim()))
    .filter((p) => p !== '/' && findRoute(p));
  const screens = listed.length ? listed : defaultRotation(currentPath);
  return {
    screens,
    intervalMs: positive(params.get('interval'), 60) * 1000,
    reportMs: positive(params.get('report'), DEFAULT_REPORT_MS / 1000) * 1000,
    pageMs: positive(params.get('page'), DEFAULT_PAGE_MS / 1000) * 1000,
  };
}

/**
 * Takes the kiosk settings out of the URL (before the hash or inside it) into session storage, so a
 * reload of the display keeps them while the address bar stays clean.
 */
export function takeKioskFromUrl(loc: Location = window.location): void {
  const search = new URLSearchParams(loc.search);
  const [hashPath = '/', hashQuery = ''] = loc.hash.replace(/^#/, '').split('?');
  const inHash = new URLSearchParams(hashQuery);
  const source = search.has('kiosk') ? search : inHash;
  const config = parseKiosk(source, normalizePath(hashPath || '/'));
  if (!search.has('kiosk') && !inHash.has('kiosk')) return;
  if (config) sessionStorage.setItem(KEY, JSON.stringify(config));
  else sessionStorage.removeItem(KEY);
  for (const p of PARAMS) {
    search.delete(p);
    inHash.delete(p);
  }
  const qs = search.toString();
  const hq = inHash.toString();
  window.history.replaceState(null, '', `${loc.pathname}${qs ? `?${qs}` : ''}#${hashPath || '/'}${hq ? `?${hq}` : ''}`);
}

export function kioskConfig(): KioskConfig | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    // a display started before `page` existed keeps working
    if (!raw) return null;
    const config = JSON.parse(raw) as Partial<KioskConfig> & Omit<KioskConfig, 'pageMs'>;
    return { ...config, pageMs: config.pageMs ?? DEFAULT_PAGE_MS };
  } catch {
    return null;
  }
}
