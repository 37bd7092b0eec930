/**
 * Where a console stands in the server's sequence of notices: the last number it took. It outlives the
 * connections (each new one asks the server to replay what came after it) and drops a notice at or
 * below it (a replay overlapping what already came live): nothing lost, nothing twice.
 *
 * The websocket machine hands the same cursor to every connection it opens; the socket actor moves it
 * as notices arrive. Notices are the socket's traffic, not its lifecycle: taken through the machine,
 * each one was a macrostep (a new snapshot, every subscriber called), about 40 % of a console's CPU
 * per message in the cluster bench of issue 32, and the machine's snapshot changed only to count them.
 */
export class SequenceCursor {
  constructor(private last: number | null = null) {}

  get lastSeq(): number | null {
    return this.last;
  }

  /** Whether notice `seq` is newer than every one taken; if so it is the last from now on. */
  take(seq: number): boolean {
    if (this.last !== null && seq <= this.last) return false;
    this.last = seq;
    return true;
  }

  /** The server's head on connect: where to resume from if nothing is taken before a drop. */
  ready(headSeq: number): void {
    if (this.last === null) this.last = headSeq;
  }

  /** The server cannot replay from here (too far behind, or ahead of it): start again from its head. */
  resync(headSeq: number): void {
    this.last = headSeq;
  }
}
