import { describe, expect, it } from 'vitest';
import { boxIn, clearCorner } from '../../src/app/realtime/clearCorner';

const view = { width: 1366, height: 768 };
const box = (left: number, top: number, w: number, h: number) => ({ left, top, right: left + w, bottom: top + h });

describe('the alarm popup avoids the pagination and the focused control', () => {
  it('stays bottom right when nothing is there', () => {
    expect(clearCorner(350, 200, view, [box(300, 300, 100, 30)], 16, 72)).toBe('bottom-right');
  });

  it('moves up when the pagination sits bottom right, and left when the focused control is there too', () => {
    const pagination = box(1000, 720, 340, 32);
    expect(clearCorner(350, 200, view, [pagination], 16, 72)).toBe('top-right');
    const focused = box(1100, 100, 200, 30);
    expect(clearCorner(350, 200, view, [pagination, focused], 16, 72)).toBe('bottom-left');
  });

  it('places each corner inside the viewport, the top ones below the header', () => {
    expect(boxIn('top-left', 350, 200, view, 16, 72)).toEqual(box(16, 72, 350, 200));
    expect(boxIn('bottom-right', 350, 200, view, 16, 72)).toEqual(box(1000, 552, 350, 200));
  });

  it('keeps the first corner when every corner is covered', () => {
    expect(clearCorner(350, 200, view, [box(0, 0, 1366, 768)], 16, 72)).toBe('bottom-right');
  });
});
