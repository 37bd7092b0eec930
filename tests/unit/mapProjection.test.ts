import { describe, expect, it } from 'vitest';
import china from '../../src/app/monitor/geo/china.json';
import {
  featurePath,
  packCollection,
  packGeometry,
  type GeoFeature,
  type JsonGeoCollection,
  type Projection,
} from '../../src/app/monitor/map/projection';

/** 10 px a degree, y down from 10° N */
const grid: Projection = { width: 100, height: 100, project: ([lng, lat]) => [lng * 10, (10 - lat) * 10] };
const feature = (geometry: Parameters<typeof packGeometry>[0]): GeoFeature => ({
  id: 'x',
  properties: { name: 'x' },
  geometry: packGeometry(geometry),
});

describe('a feature’s SVG path', () => {
  it('moves to each ring’s first point, draws lines to the rest, closes it, to 0.1 px', () => {
    const d = featurePath(
      feature({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1.234, 0],
            [1.234, 1.0049],
          ],
          [
            [0.5, 0.5],
            [0.6, 0.5],
            [0.6, 0.6],
          ],
        ],
      }),
      grid,
    );
    expect(d).toBe('M0 100L12.3 100L12.3 90Z' + 'M5 95L6 95L6 94Z');
  });

  it('draws every polygon of a multi-polygon, and a province outline as a path SVG reads', () => {
    const d = featurePath(
      feature({
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
            ],
          ],
          [
            [
              [2, 2],
              [3, 2],
              [3, 3],
            ],
          ],
        ],
      }),
      grid,
    );
    expect(d).toBe('M0 100L10 100L10 90ZM20 80L30 80L30 70Z');
    const zhejiang = packCollection(china as unknown as JsonGeoCollection).features.find((f) => f.id === '330000')!;
    const path = featurePath(zhejiang, grid);
    expect(path).toMatch(/^(M-?[\d.]+ -?[\d.]+(L-?[\d.]+ -?[\d.]+)*Z)+$/);
    const rings = zhejiang.geometry.type === 'Polygon' ? zhejiang.geometry.coordinates : zhejiang.geometry.coordinates.flat();
    expect(path.split('Z').length - 1).toBe(rings.length);
    // every point of the file's outline is drawn: packing the rings loses none
    const raw = (china as unknown as JsonGeoCollection).features.find((f) => f.id === '330000')!.geometry;
    const rawPoints = (raw.type === 'Polygon' ? raw.coordinates : raw.coordinates.flat()).reduce((n, r) => n + r.length, 0);
    expect(rawPoints).toBeGreaterThan(100);
    expect(path.match(/[ML]/g)!.length).toBe(rawPoints);
  });
});
