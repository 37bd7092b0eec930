import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { startOfDay } from 'date-fns';
import { DEFAULT_TIME_ZONE, inZone } from '../../domain/timeZone';
import { apiToken } from './helpers';

export interface Terminal {
  id: number;
  name: string;
  code: string;
}
interface Node {
  id: number;
  name: string;
  code?: string;
  modelLabel: string;
  children?: Node[];
}

/** Terminals the user sees, from the device tree, in tree order. */
export async function terminalsOf(request: APIRequestContext, user: string): Promise<Terminal[]> {
  const token = await apiToken(request, user);
  const body = (await (
    await request.get('/devicedata/api/comm/v1/device/tree', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: Node[] };
  const out: Terminal[] = [];
  const walk = (n: Node) =>
    n.modelLabel === 'terminal' ? out.push({ id: n.id, name: n.name, code: n.code ?? '' }) : n.children?.forEach(walk);
  body.data.forEach(walk);
  return out;
}

/** Raises alarms through the real ingest path: the device key as root, then a reading batch. */
export async function ingest(request: APIRequestContext, terminal: Terminal, time: number, values: { dataId: number; value: number }[]) {
  const root = await apiToken(request, 'root');
  const key = (await (
    await request.get(`/devicedata/api/comm/v1/device/${terminal.id}/key`, { headers: { authorization: `Bearer ${root}` } })
  ).json()) as { data: { key: string } };
  const res = await request.post('/devicedata/api/comm/v1/ingest', {
    headers: { 'x-device-key': key.data.key },
    data: { device: terminal.code, time, values },
  });
  const body = (await res.json()) as { code: number; data: { accepted: number } };
  expect(body.code).toBe(0);
  expect(body.data.accepted).toBe(values.length);
}

/**
 * `count` times, oldest first, spread over the last `spanMs` but never before today's midnight in the
 * project's zone: the event list opens on today there, and a run shortly after that midnight (16:00 UTC)
 * must not seed its events into yesterday.
 */
export function timesToday(count: number, spanMs: number, now = Date.now()): number[] {
  const dayStart = startOfDay(now, inZone(DEFAULT_TIME_ZONE)).getTime();
  const from = Math.max(now - spanMs, dayStart);
  const step = (now - from) / count;
  return Array.from({ length: count }, (_, i) => Math.floor(from + i * step));
}

/** Opens /alarmEvent's 更多筛选 (type, status, confirmation), unless it is open already. */
export async function openMoreFilters(page: Page) {
  const button = page.getByTestId('more-filters');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(page.getByTestId('more-filters-panel')).toBeVisible();
}
