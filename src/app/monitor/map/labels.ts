import type { Placed } from './declutter';

export interface MapLabel {
  id: number;
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'end' | 'middle';
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const FONT = 15;
/** Beyond this many projects only the selected or hovered one is named; the list names the rest. */
export const MAX_LABELLED = 40;

// Width estimate without measuring text: CJK glyphs are about one em, Latin about half.
const textWidth = (s: string) => [...s].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? FONT : FONT * 0.56), 0);
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Names next to markers: right, left, above or below, whichever first collides with no other label
 * or marker. The focused project is placed first so it is always named; a name that fits nowhere is
 * left out (its marker's tooltip and the project list still carry it).
 */
export function placeLabels(markers: Placed<{ id: number; name: string }>[], r: number, focusId?: number): MapLabel[] {
  const taken: Box[] = markers.map((m) => ({ x0: m.mx - r, y0: m.my - r, x1: m.mx + r, y1: m.my + r }));
  const order = [...markers].sort((a, b) => Number(b.item.id === focusId) - Number(a.item.id === focusId));
  const out: MapLabel[] = [];
  for (const m of order) {
    const isFocus = m.item.id === focusId;
    if (!isFocus && markers.length > MAX_LABELLED) continue;
    const w = textWidth(m.item.name);
    const h = FONT + 2;
    const gap = r + 5;
    const candidates: (MapLabel & { box: Box })[] = [
      {
        id: m.item.id,
        text: m.item.name,
        x: m.mx + gap,
        y: m.my,
        anchor: 'start',
        box: { x0: m.mx + gap, y0: m.my - h / 2, x1: m.mx + gap + w, y1: m.my + h / 2 },
      },
      {
        id: m.item.id,
        text: m.item.name,
        x: m.mx - gap,
        y: m.my,
        anchor: 'end',
        box: { x0: m.mx - gap - w, y0: m.my - h / 2, x1: m.mx - gap, y1: m.my + h / 2 },
      },
      {
        id: m.item.id,
        text: m.item.name,
        x: m.mx,
        y: m.my - gap - h / 2,
        anchor: 'middle',
        box: { x0: m.mx - w / 2, y0: m.my - gap - h, x1: m.mx + w / 2, y1: m.my - gap },
      },
      {
        id: m.item.id,
        text: m.item.name,
        x: m.mx,
        y: m.my + gap + h / 2,
        anchor: 'middle',
        box: { x0: m.mx - w / 2, y0: m.my + gap, x1: m.mx + w / 2, y1: m.my + gap + h },
      },
    ];
    const own = taken.findIndex((b) => b.x0 === m.mx - r && b.y0 === m.my - r);
    const others = taken.filter((_, i) => i !== own);
    const fit = candidates.find((c) => others.every((b) => !overlaps(b, c.box))) ?? (isFocus ? candidates[0] : undefined);
    if (!fit) continue;
    taken.push(fit.box);
    out.push({ id: fit.id, text: fit.text, x: fit.x, y: fit.y, anchor: fit.anchor });
  }
  return out;
}
