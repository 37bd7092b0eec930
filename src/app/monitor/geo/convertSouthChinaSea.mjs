// Regenerates southChinaSea.json, the real geography of the 南海诸岛 inset (../map/SouthChinaSeaInset.tsx),
// from Natural Earth (public domain):
// - the land around the South China Sea (Vietnam, Borneo, the Philippines, the Chinese coast): Natural
//   Earth 1:50m land, as redistributed in TopoJSON by the npm package world-atlas@2.0.2 (ISC,
//   © 2013-2019 Michael Bostock), file land-50m.json;
// - the islands and reefs above water in the sea (西沙, 南沙 …): Natural Earth 1:10m land, the same
//   package's land-10m.json (only polygons under 0.4° across, kept as points: at the inset's scale an
//   island is a dot);
// - the nine-dash line (断续线): Natural Earth's ne_10m_admin_0_boundary_lines_maritime_indicator_chn
//   (Natural Earth vector 5.x, the "Chinese 9 dash line" features), each dash a LineString.
//   npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
//   node src/app/monitor/geo/convertSouthChinaSea.mjs package ne_10m_admin_0_boundary_lines_maritime_indicator_chn.geojson \
//     src/app/monitor/geo/southChinaSea.json
// Land is clipped to the inset's extent, simplified (Douglas-Peucker, 0.04°, about 4 km, under a
// pixel at the inset's size on a 4K wall) and rounded to 0.01°. Neither source is a dependency: the
// result is committed and the console never loads them.
import fs from 'node:fs';
import path from 'node:path';

const [dir, dashFile, out] = process.argv.slice(2);
/** the inset's extent with a margin, so clipped edges fall outside its frame */
const CLIP = { west: 104.5, east: 124.5, south: 1.5, north: 25.5 };
/** the sea where islands are kept as points (the coasts' own islets are part of the land) */
const SEA = { west: 109.8, east: 118.2, south: 3, north: 21.2 };
const TOLERANCE = 0.04;
const round = (v) => Math.round(v * 100) / 100;

function topoPolygons(file) {
  const topo = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const { scale, translate } = topo.transform;
  const arcs = topo.arcs.map((arc) => {
    let x = 0,
      y = 0;
    return arc.map(([dx, dy]) => ((x += dx), (y += dy), [x * scale[0] + translate[0], y * scale[1] + translate[1]]));
  });
  const arcPoints = (i) => (i >= 0 ? arcs[i] : arcs[~i].slice().reverse());
  const ring = (ids) => ids.flatMap((id, k) => (k ? arcPoints(id).slice(1) : arcPoints(id)));
  return topo.objects.land.geometries.flatMap((g) => (g.type === 'Polygon' ? [g.arcs] : g.arcs).map((p) => p.map(ring)));
}

const bbox = (ring) => {
  const xs = ring.map((p) => p[0]),
    ys = ring.map((p) => p[1]);
  return { west: Math.min(...xs), east: Math.max(...xs), south: Math.min(...ys), north: Math.max(...ys) };
};
const meets = (a, b) => a.west <= b.east && a.east >= b.west && a.south <= b.north && a.north >= b.south;

/** Sutherland-Hodgman against each side of the clip rectangle. */
function clip(ring) {
  const sides = [
    [(p) => p[0] >= CLIP.west, (a, b) => cut(a, b, 0, CLIP.west)],
    [(p) => p[0] <= CLIP.east, (a, b) => cut(a, b, 0, CLIP.east)],
    [(p) => p[1] >= CLIP.south, (a, b) => cut(a, b, 1, CLIP.south)],
    [(p) => p[1] <= CLIP.north, (a, b) => cut(a, b, 1, CLIP.north)],
  ];
  let pts = ring;
  for (const [inside, cross] of sides) {
    const next = [];
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i],
        b = pts[(i + 1) % pts.length];
      if (inside(a)) {
        next.push(a);
        if (!inside(b)) next.push(cross(a, b));
      } else if (inside(b)) next.push(cross(a, b));
    }
    pts = next;
    if (!pts.length) break;
  }
  return pts;
}
function cut(a, b, axis, v) {
  const t = (v - a[axis]) / (b[axis] - a[axis]);
  return axis === 0 ? [v, a[1] + t * (b[1] - a[1])] : [a[0] + t * (b[0] - a[0]), v];
}

function simplify(pts, tol) {
  if (pts.length < 4) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack = [[0, pts.length - 1]];
  while (stack.length) {
    const [i, j] = stack.pop();
    const [ax, ay] = pts[i],
      [bx, by] = pts[j];
    const len = Math.hypot(bx - ax, by - ay) || 1e-12;
    let far = -1,
      dist = 0;
    for (let k = i + 1; k < j; k++) {
      const d = Math.abs((bx - ax) * (ay - pts[k][1]) - (ax - pts[k][0]) * (by - ay)) / len;
      if (d > dist) {
        dist = d;
        far = k;
      }
    }
    if (dist > tol) {
      keep[far] = 1;
      stack.push([i, far], [far, j]);
    }
  }
  return pts.filter((_, k) => keep[k]);
}

/** A closed ring starts and ends on one point: split it at the point farthest from there first. */
function simplifyRing(pts, tol) {
  let far = 0,
    dist = 0;
  for (let k = 1; k < pts.length; k++) {
    const d = Math.hypot(pts[k][0] - pts[0][0], pts[k][1] - pts[0][1]);
    if (d > dist) {
      dist = d;
      far = k;
    }
  }
  return [...simplify(pts.slice(0, far + 1), tol).slice(0, -1), ...simplify(pts.slice(far), tol)];
}

const land = [];
for (const polygon of topoPolygons('land-50m.json')) {
  if (!meets(bbox(polygon[0]), CLIP)) continue;
  const outer = simplifyRing(clip(polygon[0]), TOLERANCE)
    .map((p) => p.map(round))
    .filter((p, k, all) => !k || p[0] !== all[k - 1][0] || p[1] !== all[k - 1][1]);
  if (outer.length >= 4) land.push([outer]);
}

const islands = [];
for (const polygon of topoPolygons('land-10m.json')) {
  const b = bbox(polygon[0]);
  if (b.east - b.west > 0.4 || b.north - b.south > 0.4) continue;
  const x = (b.west + b.east) / 2,
    y = (b.south + b.north) / 2;
  if (x < SEA.west || x > SEA.east || y < SEA.south || y > SEA.north) continue;
  // the coasts of Borneo, Palawan and Hainan keep their own islets (drawn as land at 1:50m)
  if (x > 116.5 && y < 8.5) continue;
  if (x < 111.2 && y > 18) continue;
  islands.push([round(x), round(y)]);
}
islands.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
const uniqueIslands = islands.filter((p, k) => !k || p[0] !== islands[k - 1][0] || p[1] !== islands[k - 1][1]);

const dashes = JSON.parse(fs.readFileSync(dashFile, 'utf8'))
  .features.filter((f) => f.geometry?.type === 'LineString')
  // a dash is a gentle arc: its ends and middle draw it within a hundredth of a degree
  .map((f) => {
    const c = f.geometry.coordinates;
    return [c[0], c[Math.floor(c.length / 2)], c[c.length - 1]].map((p) => p.map(round));
  });

const result = {
  note: 'Natural Earth (public domain) via world-atlas@2.0.2 (ISC); regenerate with convertSouthChinaSea.mjs',
  land: { type: 'MultiPolygon', coordinates: land },
  islands: uniqueIslands,
  dashes,
};
fs.writeFileSync(out, JSON.stringify(result) + '\n');
const points = land.reduce((n, p) => n + p[0].length, 0);
console.log(
  `${land.length} land polygons (${points} points), ${uniqueIslands.length} islands, ${dashes.length} dashes, ${fs.statSync(out).size} bytes`,
);
