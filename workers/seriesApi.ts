/**
 * The series service behind the trend component. It runs inside the comlink worker
 * (series.worker.ts) and, when a Worker cannot start, on the main thread as the fallback: the same
 * object either way. It fetches all series of a view in one request (history/series: binary frames
 * streamed as each series is read, no JSON parse of the bulk), merges them onto one time axis,
 * computes the statistics, reduces per pixel, and hands back typed arrays whose buffers are
 * transferred, not copied. Long ranges arrive as rollups (one point per minute or hour with its
 * extremes); zooming into such a range fetches the finer data of the zoomed range.
 */
import { transfer } from 'comlink';
import { BINARY_CONTENT_TYPE, isRollup, type SeriesColumns, type SeriesMeta } from '../domain/seriesWire';
import { SeriesFrameReader } from '../domain/seriesStream';
import { callerHeaders, retryingRead } from '../domain/requestPolicy';
import {
  expandEnvelope,
  mergeSeries,
  reduceMinMax,
  rollupStats,
  seriesStats,
  tableRows,
  type Merged,
  type SeriesStats,
} from './seriesCore';
import { RingBuffer } from './ringBuffer';

export interface SeriesRef {
  deviceId: number;
  dataId: number;
  /** differences from the previous point (cumulative measures) */
  isDiffValue?: boolean;
}

export interface LoadRequest {
  token: string | null;
  userId?: string | null;
  /** Accept-Language for the server's error messages (the app's language) */
  lang?: string;
  series: SeriesRef[];
  /** ms since epoch, half-open [from, to) */
  from: number;
  to: number;
  /** the plot's width in CSS pixels: more points than this are folded into per-pixel min/max */
  pixels: number;
}

/** What the chart draws: uPlot's AlignedData parts (x in seconds) plus the statistics of the shown range. */
export interface ChartView {
  from: number;
  to: number;
  x: Float64Array;
  ys: Float64Array[];
  reduced: boolean;
  stats: SeriesStats[];
}

export interface LoadResult {
  metas: SeriesMeta[];
  /** points on the merged time axis (rows of the table view) */
  rows: number;
  /** readings the loaded series stand for (all series) */
  points: number;
  view: ChartView;
  /** where the time went inside the service (ms): the fetches, then merge + statistics + reduction */
  timing: { fetchMs: number; computeMs: number };
}

class SeriesFetchError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Series of one request, ready for views: what the chart reduces and what the table lists. */
interface Prepared {
  from: number;
  to: number;
  metas: SeriesMeta[];
  cols: SeriesColumns[];
  rollup: boolean;
  /** the chart's line: the readings, or each rollup step's minimum and maximum */
  draw: Merged;
  /** the table's rows: the readings, or one row per step (its average) */
  table: Merged;
}

let loaded: (Prepared & { req: LoadRequest }) | null = null;
/** finer data fetched for a zoom into a range loaded as rollups */
let zoomed: Prepared | null = null;
/** Live rings by key (e.g. a device's trend group), fed with pushed readings. */
const rings = new Map<string, RingBuffer>();
let generation = 0;

async function fetchAll(req: LoadRequest, from: number, to: number, pixels: number): Promise<{ meta: SeriesMeta; cols: SeriesColumns }[]> {
  const headers = { ...callerHeaders(req), 'Content-Type': 'application/json', Accept: `${BINARY_CONTENT_TYPE}, application/json` };
  const res = await fetch('/wisdompower/v1/history/series', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      // whole milliseconds (a zoom range comes from pixel positions)
      startTime: Math.floor(from),
      endTime: Math.ceil(to),
      pixels: Math.max(1, Math.round(pixels)),
      series: req.series.map((s) => ({ pecDeviceId: s.deviceId, dataId: s.dataId, isDiffValue: s.isDiffValue ?? false })),
    }),
  });
  // Errors keep the envelope; only a success is binary.
  if (!(res.headers.get('content-type') ?? '').startsWith(BINARY_CONTENT_TYPE) || !res.body) {
    const env = (await res.json().catch(() => ({ code: -1, msg: '服务器返回了无法解析的数据' }))) as { code: number; msg: string };
    throw new SeriesFetchError(env.msg, env.code, res.status);
  }
  // Frames are decoded as they arrive, while the server still reads the next series.
  const frames = new SeriesFrameReader();
  const out: { meta: SeriesMeta; cols: SeriesColumns }[] = [];
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out.push(...frames.push(value));
  }
  if (!frames.complete() || out.length !== req.series.length)
    throw new SeriesFetchError(
      req.lang?.startsWith('en') ? 'The history transfer was cut off: try again' : '历史数据传输中断，请重试',
      -1,
      res.status,
    );
  return out;
}

function prepare(fetched: { meta: SeriesMeta; cols: SeriesColumns }[], from: number, to: number): Prepared {
  const cols = fetched.map((f) => f.cols);
  const first = fetched[0]?.meta;
  const rollup = !!first && isRollup(first);
  const table = mergeSeries(cols);
  const draw = rollup ? mergeSeries(cols.map((c) => expandEnvelope(c, first.stepMs ?? 0))) : table;
  return { from, to, metas: fetched.map((f) => f.meta), cols, rollup, draw, table };
}

/** As the app's reads (domain/requestPolicy.ts): no answer or a 5xx is asked again after 0.5, 1 and 2 s. */
function fetchAllRetrying(
  req: LoadRequest,
  from: number,
  to: number,
  pixels: number,
): Promise<{ meta: SeriesMeta; cols: SeriesColumns }[]> {
  return retryingRead(
    () => fetchAll(req, from, to, pixels),
    // fetch itself rejects (TypeError) when no answer came at all
    (err) => (err instanceof SeriesFetchError ? err.status : 0),
    (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  );
}

function view(from: number, to: number, pixels: number): ChartView {
  const src = zoomed && zoomed.from <= from && to <= zoomed.to ? zoomed : loaded;
  if (!src) return { from, to, x: new Float64Array(0), ys: [], reduced: false, stats: [] };
  const r = reduceMinMax(src.draw, from, to, pixels);
  const x = r.time;
  for (let i = 0; i < x.length; i++) x[i] = x[i]! / 1000;
  // A rollup answer knows when its extremes fell to the tier's step: valid for a view of its whole range.
  const whole = from <= src.from && to >= src.to;
  const stats = src.cols.map((c, k) =>
    src.rollup ? rollupStats(c, from, to, undefined, whole ? src.metas[k] : undefined) : seriesStats(c, from, to),
  );
  return { from, to, x, ys: r.ys, reduced: r.reduced || src.rollup, stats };
}

function buffersOf(v: ChartView): ArrayBuffer[] {
  const bufs: ArrayBuffer[] = [v.x.buffer as ArrayBuffer, ...v.ys.map((y) => y.buffer as ArrayBuffer)];
  for (const s of v.stats) bufs.push(s.marks.time.buffer as ArrayBuffer, s.marks.value.buffer as ArrayBuffer);
  return bufs;
}

export const api = {
  /** Liveness probe: the main thread falls back when the worker does not answer it. */
  async ping(): Promise<true> {
    return true;
  },

  /** Fetches the series of [from, to) and answers the first view; a newer load supersedes it (null). */
  async load(req: LoadRequest): Promise<LoadResult | null> {
    const gen = ++generation;
    const t0 = performance.now();
    const fetched = req.series.length ? await fetchAllRetrying(req, req.from, req.to, req.pixels) : [];
    if (gen !== generation) return null;
    const t1 = performance.now();
    loaded = { ...prepare(fetched, req.from, req.to), req };
    zoomed = null;
    const v = view(req.from, req.to, req.pixels);
    const result: LoadResult = {
      metas: fetched.map((f) => f.meta),
      rows: loaded.table.time.length,
      points: fetched.reduce((n, f) => n + (f.meta.readings ?? f.cols.time.length), 0),
      view: v,
      timing: { fetchMs: Math.round(t1 - t0), computeMs: Math.round(performance.now() - t1) },
    };
    return transfer(result, buffersOf(v));
  },

  /**
   * A zoomed view of the loaded data, re-reduced for the narrower range so detail appears. A range
   * loaded as rollups fetches the zoomed range again, so it comes as finely as the server has it.
   */
  async zoom(from: number, to: number, pixels: number): Promise<ChartView> {
    const base = loaded;
    if (base?.rollup && to - from < base.to - base.from && !(zoomed && zoomed.from === from && zoomed.to === to)) {
      const gen = generation;
      const fetched = await fetchAllRetrying(base.req, from, to, pixels);
      if (gen === generation) zoomed = prepare(fetched, from, to);
    } else if (base && from <= base.from && to >= base.to) zoomed = null;
    const v = view(from, to, pixels);
    return transfer(v, buffersOf(v));
  },

  /** Opens (or resets) a live ring of `series` columns holding the last `capacity` rows. */
  async ringOpen(key: string, series: number, capacity: number): Promise<void> {
    rings.set(key, new RingBuffer(series, capacity));
  },

  /** Ingests realtime rows (time in ms) into a ring; answers how many rows it holds. */
  async ringPush(key: string, rows: { time: number; values: (number | null)[] }[]): Promise<number> {
    const ring = rings.get(key);
    if (!ring) return 0;
    for (const r of rows) ring.push(r.time / 1000, r.values);
    return ring.length;
  },

  /** The ring as AlignedData columns (time in s, NaN for gaps), moved to the caller by transfer. */
  async ringTake(key: string): Promise<Float64Array[]> {
    const cols = rings.get(key)?.snapshot() ?? [];
    return transfer(
      cols,
      cols.map((c) => c.buffer as ArrayBuffer),
    );
  },

  async ringClose(key: string): Promise<void> {
    rings.delete(key);
  },

  /** One page of the table view (time and each series' value). */
  async rows(offset: number, limit: number): Promise<{ time: number; values: (number | null)[] }[]> {
    return loaded ? tableRows(loaded.table, offset, limit) : [];
  },
};
