/**
 * Plain Mercator for a country-sized map: longitude linear, latitude stretched by ln(tan(π/4 + φ/2)).
 * No map library: the map is a handful of SVG paths, and markers go through the same function.
 */

export type LngLat = readonly [number, number];
export type Ring = readonly LngLat[];

export interface GeoFeature {
  id: string;
  properties: { name: string; cp?: LngLat };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}
export interface GeoCollection {
  features: GeoFeature[];
}

export interface Bounds {
  west: number;
  east: number;
  south: number;
  north: number;
}

/** Mainland China with Hainan and Taiwan, a little margin around it. */
export const CHINA_BOUNDS: Bounds = { west: 73, east: 135.5, south: 17.5, north: 54 };

const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

export interface Projection {
  width: number;
  height: number;
  project: (p: LngLat) => [number, number];
}

/** Fits the bounds into `width` pixels wide, keeping the aspect; the height follows. */
export function mercator(bounds: Bounds, width: number): Projection {
  const x0 = (bounds.west * Math.PI) / 180;
  const x1 = (bounds.east * Math.PI) / 180;
  const yTop = mercY(bounds.north);
  const yBottom = mercY(bounds.south);
  const scale = width / (x1 - x0);
  const height = (yTop - yBottom) * scale;
  return {
    width,
    height,
    project: ([lng, lat]) => [((lng * Math.PI) / 180 - x0) * scale, (yTop - mercY(lat)) * scale],
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * One SVG path string per feature; rings closed with Z, coordinates to 0.1 px. Built as parts and
 * joined: appended with `+=`, a province's path stayed in the heap as a tree of some thousands of
 * concatenations (V8's cons strings, which the DOM reads without flattening), and the map's paths held
 * ~37,000 of them, about 1.5 MB of a 12 MB monitor page (issue 32's kiosk census).
 */
export function featurePath(feature: GeoFeature, projection: Projection): string {
  const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
  const parts: string[] = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      ring.forEach((p, i) => {
        const [x, y] = projection.project(p);
        parts.push(i === 0 ? 'M' : 'L', String(round1(x)), ' ', String(round1(y)));
      });
      parts.push('Z');
    }
  }
  return parts.join('');
}
