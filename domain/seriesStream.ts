import { decodeSeries, seriesBody, type SeriesColumns, type SeriesMeta } from './seriesWire';

/**
 * All series of a history or trend view in one request (issue 17): POST history/series answers one
 * binary frame per series, in the order asked, streamed as each series is read, so the browser's
 * series worker decodes the first while the server reads the next.
 *
 * Stream: per series  u32 bodyLength | u32 0 | body (seriesWire's encodeSeries) | zero padding to 8.
 * Every frame starts 8-aligned, so a frame copied out at an aligned offset is read without a copy.
 */
const align8 = (n: number) => (n + 7) & ~7;

/** The body is written straight into the frame: a month of a series is 0.7 MB, not to be copied twice. */
export function frameSeries(meta: SeriesMeta, cols: SeriesColumns): Uint8Array {
  const body = seriesBody(meta, cols);
  const out = new Uint8Array(8 + align8(body.length));
  new DataView(out.buffer).setUint32(0, body.length, true);
  body.writeAt(out.buffer, 8);
  return out;
}

/** Reads frames from chunks as they arrive (any chunking); answers the series completed by each chunk. */
export class SeriesFrameReader {
  private chunks: Uint8Array[] = [];
  private buffered = 0;

  push(chunk: Uint8Array): { meta: SeriesMeta; cols: SeriesColumns }[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: { meta: SeriesMeta; cols: SeriesColumns }[] = [];
    for (;;) {
      if (this.buffered < 8) return out;
      const head = this.peek(8);
      const length = new DataView(head.buffer, head.byteOffset, 8).getUint32(0, true);
      const frame = 8 + align8(length);
      if (this.buffered < frame) return out;
      // One copy into a fresh, aligned buffer (take's own): the columns are views into it from then on.
      out.push(decodeSeries(this.take(frame).buffer as ArrayBuffer, 8, length));
    }
  }

  /** true when the stream ended on a frame boundary (a cut connection leaves a part frame) */
  complete(): boolean {
    return this.buffered === 0;
  }

  private peek(n: number): Uint8Array {
    const first = this.chunks[0]!;
    if (first.length >= n) return first.subarray(0, n);
    return this.take(n, false);
  }

  private take(n: number, consume = true): Uint8Array {
    const out = new Uint8Array(n);
    let o = 0;
    let i = 0;
    let rest: Uint8Array | null = null;
    while (o < n) {
      const c = this.chunks[i]!;
      const k = Math.min(c.length, n - o);
      out.set(c.subarray(0, k), o);
      o += k;
      if (k < c.length) rest = c.subarray(k);
      i++;
    }
    if (consume) {
      this.chunks = rest ? [rest, ...this.chunks.slice(i)] : this.chunks.slice(i);
      this.buffered -= n;
    }
    return out;
  }
}
