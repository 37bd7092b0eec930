/**
 * A fixed-size ring of rows kept as one typed array per column (time in seconds, then one column per
 * series): memory stays flat however long a wall display runs, and a snapshot is already the shape
 * of uPlot's AlignedData. A missing value is NaN in the ring.
 */
export class RingBuffer {
  private readonly cols: Float64Array[];
  private head = 0;
  private size = 0;

  constructor(
    readonly series: number,
    readonly capacity: number,
  ) {
    this.cols = Array.from({ length: series + 1 }, () => new Float64Array(capacity));
  }

  get length(): number {
    return this.size;
  }

  /** Appends a row; a row older than the newest one is dropped (the ring stays time-ordered). */
  push(timeSec: number, values: readonly (number | null | undefined)[]): boolean {
    if (this.size > 0) {
      const newest = this.cols[0]![(this.head - 1 + this.capacity) % this.capacity]!;
      if (timeSec < newest) return false;
    }
    this.cols[0]![this.head] = timeSec;
    for (let s = 0; s < this.series; s++) {
      const v = values[s];
      this.cols[s + 1]![this.head] = typeof v === 'number' ? v : NaN;
    }
    this.head = (this.head + 1) % this.capacity;
    if (this.size < this.capacity) this.size++;
    return true;
  }

  /** The rows oldest first, as fresh arrays whose buffers may be transferred. */
  snapshot(): Float64Array[] {
    const start = (this.head - this.size + this.capacity) % this.capacity;
    return this.cols.map((col) => {
      const out = new Float64Array(this.size);
      const first = Math.min(this.size, this.capacity - start);
      out.set(col.subarray(start, start + first), 0);
      if (first < this.size) out.set(col.subarray(0, this.size - first), first);
      return out;
    });
  }
}
