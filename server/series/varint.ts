/**
 * LEB128 varints of whole numbers up to 2^53 (arithmetic, not bitwise: JS bit operators cut at 32
 * bits) and zigzag for signed ones. The building blocks of the series block codec.
 */
export class ByteWriter {
  private buf: Uint8Array;
  length = 0;

  constructor(capacity = 256) {
    this.buf = new Uint8Array(capacity);
  }

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  byte(b: number): void {
    this.room(1);
    this.buf[this.length++] = b;
  }

  /** an unsigned whole number < 2^53 */
  uvarint(n: number): void {
    this.room(8);
    while (n >= 0x80) {
      this.buf[this.length++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.buf[this.length++] = n;
  }

  /** a signed whole number, |n| < 2^52 */
  svarint(n: number): void {
    this.uvarint(n >= 0 ? n * 2 : -n * 2 - 1);
  }

  float64(v: number): void {
    this.room(8);
    new DataView(this.buf.buffer, this.buf.byteOffset).setFloat64(this.length, v, true);
    this.length += 8;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

export class ByteReader {
  pos = 0;
  private readonly view: DataView;

  constructor(readonly buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  byte(): number {
    if (this.pos >= this.buf.length) throw new Error('series block truncated');
    return this.buf[this.pos++]!;
  }

  uvarint(): number {
    const buf = this.buf;
    if (this.pos >= buf.length) throw new Error('series block truncated');
    let b = buf[this.pos++]!;
    if (b < 0x80) return b;
    let n = b & 0x7f;
    let scale = 0x80;
    for (;;) {
      if (this.pos >= buf.length) throw new Error('series block truncated');
      b = buf[this.pos++]!;
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 0x80;
    }
  }

  svarint(): number {
    const z = this.uvarint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }

  float64(): number {
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }
}
