import type { Placed } from './declutter';

export interface MapLabel {
  id: number;
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'end' | 'middle';
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const FONT = 15;
/** Beyond this many projects only the selected or hovered one is named; the list names the rest. */
export const MAX_LABELLED = 40;

// Width estimate without measuring text: CJK glyphs are about one em, Latin about half (0.6 keeps
// a margin for capitals).
const textWidth = (s: string, size = FONT) => [...s].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? size : size * 0.6), 0);
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

export interface PlaceName {
  key: string;
  text: string;
  /** the point named */
  x: number;
  y: number;
}
export interface PlacedName {
  key: string;
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  box: Box;
  clear: boolean;
}

/**
 * Names of fixed places (the island groups of the 南海诸岛 inset): each goes right, left, above or
 * below its point, then at the corners and a row further out, whichever first stays inside `area`
 * and clear of the obstacles (dashes, islands, the title) and of the names placed before it. Every
 * name is shown: when none is clear it takes the place that covers least. `y` is the text's middle
 * (dominant-baseline: middle); `clear` says whether it found a free place.
 */
export function placeNames(places: readonly PlaceName[], size: number, area: Box, obstacles: readonly Box[]): PlacedName[] {
  const h = size * 1.45;
  const gap = size * 0.4;
  const out: PlacedName[] = [];
  const cover = (a: Box, b: Box) =>
    Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  const area2 = (b: Box) => (b.x1 - b.x0) * (b.y1 - b.y0);
  for (const p of places) {
    const w = textWidth(p.text, size);
    const at = (dx: number, dy: number, anchor: PlacedName['anchor']): PlacedName => {
      const x = p.x + dx,
        y = p.y + dy;
      const x0 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
      return { key: p.key, text: p.text, x, y, anchor, box: { x0, y0: y - h / 2, x1: x0 + w, y1: y + h / 2 }, clear: true };
    };
    const row = gap + h / 2;
    const candidates = [
      at(gap, 0, 'start'),
      at(-gap, 0, 'end'),
      at(0, -row, 'middle'),
      at(0, row, 'middle'),
      ...[1, 2].flatMap((k) => [
        at(0, -row * k, 'start'),
        at(0, row * k, 'start'),
        at(0, -row * k, 'end'),
        at(0, row * k, 'end'),
        ...(k > 1 ? [at(0, -row * k, 'middle'), at(0, row * k, 'middle')] : []),
      ]),
    ];
    const taken = [...obstacles, ...out.map((o) => o.box)];
    const score = (c: PlacedName) => taken.reduce((sum, b) => sum + cover(b, c.box), 0) + (area2(c.box) - cover(c.box, area)) * 10;
    const scored = candidates.map((c) => ({ c, s: score(c) }));
    const free = scored.find((x) => x.s === 0);
    const fit = free ? free.c : { ...scored.reduce((a, b) => (b.s < a.s ? b : a)).c, clear: false };
    out.push(fit);
  }
  return out;
}

/**
 * Names next to markers: right, left, above or below, whichever first collides with no other label,
 * marker or obstacle (the 南海诸岛 inset) and stays inside `area` when given. The focused project is
 * placed first so it is always named; a name that fits nowhere is left out (its marker's tooltip and
 * the project list still carry it).
 */
export function placeLabels(
  markers: Placed<{ id: number; name: string }>[],
  r: number,
  focusId?: number,
  obstacles: readonly Box[] = [],
): MapLabel[] {
  const taken: Box[] = markers.map((m) => ({ x0: m.mx - r, y0: m.my - r, x1: m.mx + r, y1: m.my + r }));
  const order = [...markers].sort((a, b) => Number(b.item.id === focusId) - Number(a.item.id === focusId));
  const out: MapLabel[] = [];
  for (const m of order) {
    const isFocus = m.item.id === focusId;
    if (!isFocus && markers.length > MAX_LABELLED) continue;
    const w = textWidth(m.item.name);
    // the text's own box (CJK fonts: ascent plus descent is about 1.45 em), so names never touch
    const h = Math.ceil(FONT * 1.45);
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
    const others = [...taken.filter((_, i) => i !== own), ...obstacles];
    const clear = candidates.filter((c) => others.every((b) => !overlaps(b, c.box)));
    // the focused name is always shown: clear of the obstacles at least, when it cannot be clear of all
    const fit = clear[0] ?? (isFocus ? (candidates.find((c) => obstacles.every((b) => !overlaps(b, c.box))) ?? candidates[0]) : undefined);
    if (!fit) continue;
    taken.push(fit.box);
    out.push({ id: fit.id, text: fit.text, x: fit.x, y: fit.y, anchor: fit.anchor });
  }
  return out;
}
