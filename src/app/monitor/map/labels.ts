import type { Placed } from './declutter';

export interface MapLabel {
  id: number;
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'end' | 'middle';
  /** a line from the marker to a name placed further out where markers crowd */
  leader?: { x1: number; y1: number; x2: number; y2: number };
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** the project names' size in map units when the map is shown large enough (ChinaMap raises it on a small map) */
export const LABEL_FONT = 15;
/** Beyond this many projects only the selected or hovered one is named; the list names the rest. */
export const MAX_LABELLED = 40;

// Width estimate without measuring text: CJK glyphs are about one em, Latin about half (0.6 keeps
// a margin for capitals).
const textWidth = (s: string, size: number) => [...s].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? size : size * 0.6), 0);
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

/** The area two boxes share. */
const cover = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
/** A box's area. */
const area2 = (b: Box) => (b.x1 - b.x0) * (b.y1 - b.y0);

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

/** Where a label goes from its marker: right, left, above, below, then the four diagonals. */
const DIRECTIONS: readonly (readonly [-1 | 0 | 1, -1 | 0 | 1])[] = [
  [1, 0],
  [-1, 0],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 1],
  [-1, -1],
  [-1, 1],
];
/** how many rows further out a crowded name may go (with a leader line back to its marker) */
const RINGS = 4;

/** The box a placed name covers (as placeLabels reckons it). */
export function labelBox(l: Pick<MapLabel, 'text' | 'x' | 'y' | 'anchor'>, font = LABEL_FONT): Box {
  const w = textWidth(l.text, font),
    h = Math.ceil(font * 1.45);
  const x0 = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
  return { x0, y0: l.y - h / 2, x1: x0 + w, y1: l.y + h / 2 };
}

/** air kept between a name and the other names and markers, in ems of the name */
const SPACE_EM = 0.13;
/** from a point to the nearest point of a box (0 inside it) */
const distance = (b: Box, x: number, y: number) => Math.hypot(Math.max(b.x0 - x, 0, x - b.x1), Math.max(b.y0 - y, 0, y - b.y1));

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Does the segment a→b cross the box? (Sampled: leaders are short and boxes a text row high.) */
function crosses(a: { x: number; y: number }, b: { x: number; y: number }, box: Box): boolean {
  for (let i = 1; i < 12; i++) {
    const x = a.x + ((b.x - a.x) * i) / 12,
      y = a.y + ((b.y - a.y) * i) / 12;
    if (x > box.x0 && x < box.x1 && y > box.y0 && y < box.y1) return true;
  }
  return false;
}

/**
 * Names next to markers: right, left, above or below, then the diagonals, whichever first collides
 * with no other label, marker, leader or obstacle (the 南海诸岛 inset) and stays inside `area`. Where
 * markers crowd (three projects of one city), a name moves a row further out, up to four, with a
 * leader line back to its marker, so every project keeps its name. The focused project is placed
 * first; beyond MAX_LABELLED projects only it is named, and a name that fits nowhere is left out
 * (its marker's tooltip and the project list still carry it).
 */
export function placeLabels(
  markers: Placed<{ id: number; name: string }>[],
  r: number,
  focusId?: number,
  obstacles: readonly Box[] = [],
  area?: Box,
  font = LABEL_FONT,
): MapLabel[] {
  const taken: Box[] = markers.map((m) => ({ x0: m.mx - r, y0: m.my - r, x1: m.mx + r, y1: m.my + r }));
  const leaders: { a: { x: number; y: number }; b: { x: number; y: number } }[] = [];
  const order = [...markers].sort((a, b) => Number(b.item.id === focusId) - Number(a.item.id === focusId));
  const out: MapLabel[] = [];
  // the text's own box (CJK fonts: ascent plus descent is about 1.45 em), so names never touch
  const h = Math.ceil(font * 1.45);
  const gap = r + font / 3;
  for (const m of order) {
    const isFocus = m.item.id === focusId;
    if (!isFocus && markers.length > MAX_LABELLED) continue;
    const w = textWidth(m.item.name, font);
    const candidates = Array.from({ length: RINGS }, (_, k) =>
      DIRECTIONS.map(([dx, dy]) => {
        // the point of the box nearest the marker: on the axes a gap (and k rows) away, on the
        // diagonals three quarters of that on each axis
        const reach = gap + k * (h + 2);
        const along = dx !== 0 && dy !== 0 ? reach * 0.75 : reach;
        const px = m.mx + dx * along,
          py = m.my + dy * along;
        const x0 = dx > 0 ? px : dx < 0 ? px - w : px - w / 2;
        const y0 = dy > 0 ? py : dy < 0 ? py - h : py - h / 2;
        const box = { x0, y0, x1: x0 + w, y1: y0 + h };
        const anchor: MapLabel['anchor'] = dx > 0 ? 'start' : dx < 0 ? 'end' : 'middle';
        const label: MapLabel = { id: m.item.id, text: m.item.name, x: dx > 0 ? x0 : dx < 0 ? x0 + w : px, y: y0 + h / 2, anchor };
        if (k > 0) {
          // from the marker's rim to the nearest point of the name's box
          const nx = clamp(m.mx, x0, x0 + w),
            ny = clamp(m.my, y0, y0 + h);
          const d = Math.hypot(nx - m.mx, ny - m.my);
          const rim = (r + 3) / d;
          label.leader = { x1: m.mx + (nx - m.mx) * rim, y1: m.my + (ny - m.my) * rim, x2: nx, y2: ny };
        }
        return { label, box };
      }),
    ).flat();
    const own = taken.findIndex((b) => b.x0 === m.mx - r && b.y0 === m.my - r);
    const others = [...taken.filter((_, i) => i !== own), ...obstacles];
    const inside = (b: Box) => !area || (b.x0 >= area.x0 && b.y0 >= area.y0 && b.x1 <= area.x1 && b.y1 <= area.y1);
    const free = ({ label, box }: (typeof candidates)[number]) => {
      // names keep a little air between them, so two rows of text never read as one
      const space = font * SPACE_EM;
      const roomy = { x0: box.x0 - space, y0: box.y0 - space, x1: box.x1 + space, y1: box.y1 + space };
      if (!inside(box) || others.some((b) => overlaps(b, roomy))) return false;
      // a name without a leader must sit nearer its own marker than any other, or it names the wrong one
      if (!label.leader) {
        const own = distance(box, m.mx, m.my);
        if (markers.some((o) => o !== m && distance(box, o.mx, o.my) < own + r)) return false;
      }
      if (leaders.some((l) => crosses(l.a, l.b, box))) return false;
      const l = label.leader;
      return !l || others.every((b) => !crosses({ x: l.x1, y: l.y1 }, { x: l.x2, y: l.y2 }, b));
    };
    const clear = candidates.find(free);
    // the focused name is always shown: clear of the obstacles at least, when it cannot be clear of all
    const fit = clear ?? (isFocus ? (candidates.find((c) => obstacles.every((b) => !overlaps(b, c.box))) ?? candidates[0]) : undefined);
    if (!fit) continue;
    taken.push(fit.box);
    const l = fit.label.leader;
    if (l) leaders.push({ a: { x: l.x1, y: l.y1 }, b: { x: l.x2, y: l.y2 } });
    out.push(fit.label);
  }
  return out;
}
