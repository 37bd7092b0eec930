import { describe, expect, it } from 'vitest';
import { labelBox, MAX_LABELLED, placeLabels, type Box, type MapLabel } from '../../src/app/monitor/map/labels';
import { declutter } from '../../src/app/monitor/map/declutter';

const R = 8;
const hit = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const markersAt = (points: [number, number, string][]) =>
  declutter(
    points.map(([x, y, name], i) => ({ item: { id: i + 1, name }, x, y })),
    R * 2 + 3,
  );
const markerBox = (m: { mx: number; my: number }): Box => ({ x0: m.mx - R, y0: m.my - R, x1: m.mx + R, y1: m.my + R });

function expectClear(labels: MapLabel[], markers: ReturnType<typeof markersAt>, obstacles: Box[] = []) {
  const boxes = labels.map(labelBox);
  boxes.forEach((b, i) => {
    boxes.slice(i + 1).forEach((o) => expect(hit(b, o)).toBe(false));
    markers.forEach((m) => expect(hit(b, markerBox(m))).toBe(false));
    obstacles.forEach((o) => expect(hit(b, o)).toBe(false));
    // a name without a leader is nearer its own marker than any other
    if (!labels[i]!.leader) {
      const dist = (m: { mx: number; my: number }) =>
        Math.hypot(Math.max(b.x0 - m.mx, 0, m.mx - b.x1), Math.max(b.y0 - m.my, 0, m.my - b.y1));
      const nearest = [...markers].sort((p, q) => dist(p) - dist(q))[0]!;
      expect(nearest.item.id).toBe(labels[i]!.id);
    }
  });
}

describe('project names on the map', () => {
  it('names a lone project to the right of its marker, with no leader', () => {
    const markers = markersAt([[300, 300, '武侯购物中心']]);
    const [label] = placeLabels(markers, R);
    expect(label).toMatchObject({ id: 1, anchor: 'start', y: 300 });
    expect(label!.x).toBeGreaterThan(300 + R);
    expect(label!.leader).toBeUndefined();
  });

  it('names every project of a crowded city, clear of each other and of the markers, the far ones with a leader', () => {
    // the demo's projects where ChinaMap projects them (1000 units wide), its 南海诸岛 inset's box:
    // two Hangzhou projects 8 km apart, Ningbo beside them, Nanjing above, the inset to the right
    const markers = markersAt([
      [754.6, 522.0, '西湖文化广场'],
      [755.4, 523.2, '滨江科技园'],
      [776.8, 530.4, '鄞州商业中心'],
      [732.8, 488.8, '玄武区人民医院'],
      [496.7, 515.1, '武侯购物中心'],
    ]);
    const inset = { x0: 812, y0: 510, x1: 1000, y1: 746 };
    const labels = placeLabels(markers, R, undefined, [inset], { x0: 0, y0: 0, x1: 1000, y1: 746 });
    expect(labels.map((l) => l.id).sort()).toEqual([1, 2, 3, 4, 5]);
    expectClear(labels, markers, [inset]);
    // and with an English name, twice as long, for each
    const en = markersAt(markers.map((m) => [m.x, m.y, `${m.item.name} Project Centre`]));
    const enLabels = placeLabels(en, R, undefined, [inset], { x0: 0, y0: 0, x1: 1000, y1: 746 });
    expect(enLabels).toHaveLength(5);
    expectClear(enLabels, en, [inset]);
    expect(labels.some((l) => l.leader)).toBe(true);
    for (const l of labels.filter((x) => x.leader)) {
      const m = markers.find((x) => x.item.id === l.id)!;
      // the leader starts at its own marker's rim and ends on its own name's box
      expect(Math.hypot(l.leader!.x1 - m.mx, l.leader!.y1 - m.my)).toBeCloseTo(R + 3, 5);
      const b = labelBox(l);
      expect(l.leader!.x2).toBeGreaterThanOrEqual(b.x0 - 1e-9);
      expect(l.leader!.x2).toBeLessThanOrEqual(b.x1 + 1e-9);
      expect(l.leader!.y2).toBeGreaterThanOrEqual(b.y0 - 1e-9);
      expect(l.leader!.y2).toBeLessThanOrEqual(b.y1 + 1e-9);
    }
  });

  it('keeps names inside the map: a project at the right edge is named on its left', () => {
    const markers = markersAt([[990, 300, '鄞州商业中心']]);
    const [label] = placeLabels(markers, R, undefined, [], { x0: 0, y0: 0, x1: 1000, y1: 700 });
    expect(label!.anchor).toBe('end');
    expect(labelBox(label!).x1).toBeLessThanOrEqual(1000);
  });

  it('leaves out a name that fits nowhere, but never the focused one', () => {
    // a ring of markers leaves no free place near the middle one
    const ring: [number, number, string][] = [[500, 500, '中间项目']];
    for (let k = 0; k < 60; k++) ring.push([500 + (k % 10) * 40 - 180, 500 + Math.floor(k / 10) * 20 - 50, `项目名称很长的项目${k}`]);
    const markers = markersAt(ring);
    const unfocused = placeLabels(markers, R);
    expect(unfocused.length).toBeLessThan(markers.length);
    const focused = placeLabels(markers, R, 1);
    expect(focused.map((l) => l.id)).toContain(1);
  });

  it(`beyond ${MAX_LABELLED} projects only the focused one is named`, () => {
    const many: [number, number, string][] = Array.from({ length: MAX_LABELLED + 1 }, (_, i) => [
      40 + (i % 10) * 90,
      40 + Math.floor(i / 10) * 60,
      `P${i}`,
    ]);
    const markers = markersAt(many);
    expect(placeLabels(markers, R)).toEqual([]);
    expect(placeLabels(markers, R, 7).map((l) => l.id)).toEqual([7]);
  });
});

describe('markers where projects crowd', () => {
  it('moves a crowded marker off its neighbour but never into the inset', () => {
    const inset = { x0: 812, y0: 510, x1: 1000, y1: 746 };
    // markers as large as on the thumbnail map (radius 21.5 units): the third has to move, and the
    // free side nearest its neighbours (right and below) is the inset
    const placed = declutter(
      [
        { item: 1, x: 776.8, y: 530.4 },
        { item: 2, x: 754.6, y: 522.0 },
        { item: 3, x: 755.4, y: 523.2 },
      ],
      46,
      [inset],
    );
    for (const p of placed) {
      expect(p.mx + 23 <= inset.x0 || p.my + 23 <= inset.y0).toBe(true);
      for (const q of placed) if (q !== p) expect(Math.hypot(p.mx - q.mx, p.my - q.my)).toBeGreaterThanOrEqual(46 - 1e-9);
    }
  });
});
