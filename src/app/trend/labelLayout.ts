/** A label's box on the canvas: left, top, width, height (canvas pixels). */
export interface LabelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlaps = (a: LabelBox, b: LabelBox) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Labels that never overlap: each box, in the order given (the more important first), keeps its place
 * when it is free, else moves to the nearest free row above or below (one label height at a time),
 * staying inside [top, bottom]. A label with no free row left keeps its place rather than vanish.
 */
export function placeLabels(boxes: readonly LabelBox[], top: number, bottom: number): LabelBox[] {
  const placed: LabelBox[] = [];
  for (const box of boxes) {
    let chosen = box;
    const tries = Math.ceil((bottom - top) / Math.max(1, box.h)) + 1;
    for (let k = 0; k <= tries * 2; k++) {
      // 0, +1, -1, +2, -2 … label heights away from the wanted place
      const step = k === 0 ? 0 : (k % 2 ? 1 : -1) * Math.ceil(k / 2);
      const y = box.y + step * box.h;
      if (y < top || y + box.h > bottom) continue;
      const candidate = { ...box, y };
      if (!placed.some((p) => overlaps(p, candidate))) {
        chosen = candidate;
        break;
      }
    }
    placed.push(chosen);
  }
  return placed;
}

export function anyOverlap(boxes: readonly LabelBox[]): boolean {
  return boxes.some((a, i) => boxes.some((b, j) => j > i && overlaps(a, b)));
}
