import { describe, expect, it } from 'vitest';
import { SequenceCursor } from '../../machines/sequenceCursor';

describe('sequence cursor', () => {
  it('takes each newer number once: duplicates and older numbers are dropped', () => {
    const c = new SequenceCursor();
    expect([10, 11, 11, 9, 12].map((s) => c.take(s))).toEqual([true, true, false, false, true]);
    expect(c.lastSeq).toBe(12);
  });

  it("the server's head on connect is the baseline only while nothing was taken", () => {
    const c = new SequenceCursor();
    c.ready(40);
    expect(c.lastSeq).toBe(40);
    expect(c.take(40)).toBe(false);
    expect(c.take(41)).toBe(true);
    c.ready(45);
    expect(c.lastSeq).toBe(41);
  });

  it('a resync moves it to the head, back or forward', () => {
    const c = new SequenceCursor(3);
    c.resync(900);
    expect(c.lastSeq).toBe(900);
    c.resync(20);
    expect(c.lastSeq).toBe(20);
    expect(c.take(21)).toBe(true);
  });
});
