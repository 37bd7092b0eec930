/**
 * Plain Mercator for a country-sized map: longitude linear, latitude stretched by ln(tan(π/4 + φ/2)).
 * No map library: the map is a handful of SVG paths, and markers go through the same function.
 */

export type LngLat = readonly [number, number];
/**
 * A ring's points as one column of numbers, longitude and latitude in turn ([lng0, lat0, lng1, lat1, …]).
 * The outlines' ~17,000 points as [lng, lat] arrays were some 40 bytes each in the page's heap (an array
 * and its elements), kept for as long as the page lives once the map has been shown; as one typed array a
 * ring, 16 (issue 32's kiosk census).
 */
export type Ring = Float64Array;

type Geometry<R> = { type: 'Polygon'; coordinates: R[] } | { type: 'MultiPolygon'; coordinates: R[][] };
export interface GeoFeature {
  id: string;
  properties: { name: string; cp?: LngLat };
  geometry: Geometry<Ring>;
}
export interface GeoCollection {
  features: GeoFeature[];
}
/** A ring as GeoJSON has it: a list of [lng, lat] points. */
export type JsonRing = readonly (readonly number[])[];
/** Outlines as GeoJSON has them (the bundled files), before packRings. */
export interface JsonGeoCollection {
  features: (Omit<GeoFeature, 'geometry'> & { geometry: Geometry<JsonRing> })[];
}

/** A GeoJSON ring as one column of numbers. */
const packRing = (ring: JsonRing): Ring => Float64Array.from(ring.flatMap((p) => [p[0]!, p[1]!]));

/** A GeoJSON geometry with every ring packed. */
export function packGeometry(g: Geometry<JsonRing>): Geometry<Ring> {
  return g.type === 'Polygon'
    ? { type: 'Polygon', coordinates: g.coordinates.map(packRing) }
    : { type: 'MultiPolygon', coordinates: g.coordinates.map((polygon) => polygon.map(packRing)) };
}

/** The bundled outlines, as the map keeps them: each ring packed. */
export const packCollection = (json: JsonGeoCollection): GeoCollection => ({
  features: json.features.map((f) => ({ ...f, geometry: packGeometry(f.geometry) })),
});

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
      for (let i = 0; i < ring.length; i += 2) {
        const [x, y] = projection.project([ring[i]!, ring[i + 1]!]);
        parts.push(i === 0 ? 'M' : 'L', String(round1(x)), ' ', String(round1(y)));
      }
      parts.push('Z');
    }
  }
  return parts.join('');
}
