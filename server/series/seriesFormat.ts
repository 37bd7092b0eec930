/**
 * The codec of compacted history: a time column, one or more value columns and a sparse status
 * column, packed into one blob. A raw block (one series, one closed hour) has one value column; a
 * 1-minute rollup block has five (min, max, sum, last, count).
 *
 * Chosen by measurement (bench/storage.ts prints the comparison, docs/capacity.md has the figures):
 * meters report decimals at a fixed precision (220.3 V, 12.45 A) whose float64 bit patterns share few
 * bits between neighbours, so Gorilla's XOR encoding keeps about 6 bytes of such a reading. Scaled to
 * integers (×10^k, k found per column and checked exactly) their deltas are small, and a standard
 * compressor (raw deflate from Node's zlib) packs those varints to about one byte.
 *
 * Payload before deflate:
 *   uvarint count, uvarint columns
 *   time:  u8 0 = whole ms: svarint t0, svarint delta, then svarint delta-of-delta; u8 1 = float64 each
 *   each value column: u8 k (0–9) = svarint round(v·10^k), then svarint deltas; u8 255 = float64 each
 *   status: uvarint marks, then per mark uvarint index delta, u8 status (the rare non-zero ones, exact)
 * Stored: u8 format, then the bytes:
 *   2 = the payload raw-deflated and ended with a sync flush instead of a final block, less the flush's
 *       constant last four bytes (00 00 ff ff). Blocks of this format read back to back are ONE deflate
 *       stream once each gets its four bytes back and the run an empty final block (03 00): a month of
 *       720 hourly blocks is one inflate call instead of 720 (zlib's per-call set-up, a stream object
 *       and a 32 KiB window each, was most of the cost of a month read). Each block is deflated on its
 *       own, so none refers back into the one before it; the payloads are self-delimiting.
 *   1 = deflate-raw of the payload (blocks written before format 2; still read)
 *   0 = the payload as is (when deflate would not shrink it)
 *
 * This file holds the format's columns and constants; seriesEncode.ts writes blocks, seriesCodec.ts reads them.
 */
export interface PointColumns {
  time: Float64Array;
  value: Float64Array;
  status: Uint8Array;
}

export interface BlockColumns {
  time: Float64Array;
  values: Float64Array[];
  status: Uint8Array;
}

export const FLOAT = 255;
export const MAX_SCALE = 9;
/** scaled integers and their deltas stay well inside exact double arithmetic */
export const SAFE = 2 ** 50;
export const POW10 = Array.from({ length: MAX_SCALE + 1 }, (_, k) => 10 ** k);

export const pow10 = (k: number) => POW10[k]!;

export const PLAIN = 0;
export const DEFLATED = 1;
export const SYNCED = 2;
/** what a sync flush ends with (an empty stored block's LEN and NLEN), left out of a stored block */
export const SYNC_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);
/** an empty final block (fixed Huffman, end of block): ends a run of synced blocks */
export const FINAL = Buffer.from([0x03, 0x00]);
