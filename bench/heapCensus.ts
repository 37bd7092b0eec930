/**
 * A census of a page's heap, for the soak benches: a CDP heap snapshot (HeapProfiler.takeHeapSnapshot,
 * which collects garbage first) reduced to count and self size per constructor, and the difference of
 * two censuses, so a run can say which kinds of object grew between warm-up and the end. Not a test.
 */
import type { CDPSession } from 'playwright-core';

export interface CensusRow {
  /** the node's type and constructor (or closure, string, array…) name */
  name: string;
  count: number;
  bytes: number;
}

interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Reduces a heap snapshot to count and self size per `type:name`. */
function censusOf(raw: RawSnapshot): Map<string, CensusRow> {
  const fields = raw.snapshot.meta.node_fields;
  const types = raw.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const out = new Map<string, CensusRow>();
  for (let i = 0; i < raw.nodes.length; i += width) {
    const type = types[raw.nodes[i + typeAt]!] ?? '?';
    // strings and numbers are named by their content: one row per type is what says they grow
    const named = type === 'object' || type === 'closure' || type === 'native' || type === 'hidden' || type === 'array';
    const name = named ? `${type}:${(raw.strings[raw.nodes[i + nameAt]!] ?? '').slice(0, 80)}` : type;
    const row = out.get(name) ?? { name, count: 0, bytes: 0 };
    row.count++;
    row.bytes += raw.nodes[i + sizeAt]!;
    out.set(name, row);
  }
  return out;
}

/** Takes a heap snapshot of the page behind `cdp` (after a collection): its census and its text (for DevTools). */
export async function takeCensus(cdp: CDPSession): Promise<{ census: Map<string, CensusRow>; text: string }> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const text = chunks.join('');
  return { census: censusOf(JSON.parse(text) as RawSnapshot), text };
}

/** The rows that grew most from `a` to `b` (by bytes), with their count change. */
export function censusGrowth(a: Map<string, CensusRow>, b: Map<string, CensusRow>, top = 25): CensusRow[] {
  const rows: CensusRow[] = [];
  for (const [name, row] of b) {
    const was = a.get(name) ?? { count: 0, bytes: 0 };
    rows.push({ name, count: row.count - was.count, bytes: row.bytes - was.bytes });
  }
  for (const [name, row] of a) if (!b.has(name)) rows.push({ name, count: -row.count, bytes: -row.bytes });
  return rows.sort((x, y) => y.bytes - x.bytes).slice(0, top);
}
