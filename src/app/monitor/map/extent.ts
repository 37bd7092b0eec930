import { CHINA_BOUNDS, type Bounds, type GeoCollection, type GeoFeature, type LngLat, type Ring } from './projection';

/** How far a province's map reaches past its outline, as a share of its span. */
const MARGIN = 0.08;

export type MapExtent = { kind: 'country'; bounds: Bounds } | { kind: 'province'; id: string; bounds: Bounds };

/**
 * Every ring of a feature. The bundled outlines keep a province's islands as further rings of one
 * polygon, so rings are not read as outer ring and holes: inside is inside an odd number of them (the
 * even-odd rule), which holds for islands and holes alike.
 */
const ringsOf = (f: GeoFeature): Ring[] => (f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat());

/** Even-odd ray casting over one ring. */
function inRing([x, y]: LngLat, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    const [xi, yi] = [ring[i]!, ring[i + 1]!];
    const [xj, yj] = [ring[j]!, ring[j + 1]!];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inFeature(p: LngLat, f: GeoFeature): boolean {
  return ringsOf(f).filter((r) => inRing(p, r)).length % 2 === 1;
}

function featureBounds(f: GeoFeature): Bounds {
  const b = { west: Infinity, east: -Infinity, south: Infinity, north: -Infinity };
  for (const ring of ringsOf(f))
    for (let i = 0; i < ring.length; i += 2) {
      const [lng, lat] = [ring[i]!, ring[i + 1]!];
      b.west = Math.min(b.west, lng);
      b.east = Math.max(b.east, lng);
      b.south = Math.min(b.south, lat);
      b.north = Math.max(b.north, lat);
    }
  return b;
}

/**
 * The map's extent for some projects (issue 30): their province when every one of them lies in the
 * same province, with a margin; the country otherwise (projects in several provinces, one outside
 * every outline, or none at all).
 */
export function projectsExtent(points: readonly LngLat[], geo: GeoCollection): MapExtent {
  const country: MapExtent = { kind: 'country', bounds: CHINA_BOUNDS };
  if (!points.length) return country;
  const province = geo.features.find((f) => inFeature(points[0]!, f));
  if (!province || !points.every((p) => inFeature(p, province))) return country;
  const b = featureBounds(province);
  const dx = (b.east - b.west) * MARGIN;
  const dy = (b.north - b.south) * MARGIN;
  return { kind: 'province', id: province.id, bounds: { west: b.west - dx, east: b.east + dx, south: b.south - dy, north: b.north + dy } };
}
