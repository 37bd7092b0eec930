import { useMemo } from 'react';
import { t, useLanguage, type MessageKey } from '../../i18n/i18n';
import { featurePath, mercator, type Bounds, type GeoCollection, type LngLat } from './projection';

/** The inset's extent: the South China Sea down to 曾母暗沙, with Hainan, Taiwan and the southern coast. */
const INSET_BOUNDS: Bounds = { west: 105.5, east: 123.5, south: 2.5, north: 24.5 };

/** The island groups (approximate centres), drawn as dots with their names. */
const ISLANDS: { name: MessageKey; at: LngLat; left?: boolean }[] = [
  { name: 'map.island.dongsha', at: [116.8, 20.7] },
  { name: 'map.island.xisha', at: [112.0, 16.5], left: true },
  { name: 'map.island.zhongsha', at: [114.4, 15.6], left: true },
  { name: 'map.island.huangyan', at: [117.75, 15.15] },
  { name: 'map.island.nansha', at: [114.3, 9.8] },
  { name: 'map.island.zengmu', at: [112.28, 3.97] },
];

/**
 * The maritime boundary line, a schematic trace of the published dashed line (east of Taiwan, along
 * the Philippines, Borneo and Vietnam), drawn dashed as on published maps.
 */
const BOUNDARY: LngLat[] = [
  [122.6, 23.6],
  [121.2, 21.0],
  [119.8, 18.6],
  [119.2, 15.2],
  [118.4, 11.6],
  [116.4, 8.2],
  [114.3, 5.4],
  [112.3, 3.4],
  [110.3, 4.6],
  [108.6, 7.6],
  [109.2, 11.8],
  [109.9, 15.0],
  [109.0, 17.6],
];

/** The inset's height for a width, in the same units. */
export const insetHeight = (width: number) => Math.round(mercator(INSET_BOUNDS, width).height);

/**
 * 南海诸岛: the inset any published map of China carries, in the map's lower right corner (open sea on
 * the main map), framed and labelled. `x`, `y` and `width` are in the main map's units.
 */
export function SouthChinaSeaInset({ geo, x, y, width }: { geo: GeoCollection; x: number; y: number; width: number }) {
  useLanguage();
  const projection = useMemo(() => mercator(INSET_BOUNDS, width), [width]);
  const paths = useMemo(() => geo.features.map((f) => ({ id: f.id, d: featurePath(f, projection) })), [geo, projection]);
  const line = BOUNDARY.map((p) =>
    projection
      .project(p)
      .map((v) => Math.round(v * 10) / 10)
      .join(' '),
  ).join(' L');
  const h = Math.round(projection.height);
  return (
    <g transform={`translate(${x} ${y})`} data-testid="map-scs-inset" pointerEvents="none">
      <defs>
        <clipPath id="scs-inset-clip">
          <rect width={width} height={h} />
        </clipPath>
      </defs>
      <rect width={width} height={h} fill="var(--vg-surface)" stroke="var(--vg-muted)" strokeWidth="1.5" />
      <g clipPath="url(#scs-inset-clip)">
        {paths.map((p) => (
          <path key={p.id} d={p.d} fill="var(--vg-surface-2)" stroke="var(--vg-line)" strokeWidth="0.8" />
        ))}
        <path d={`M${line}`} fill="none" stroke="var(--vg-muted)" strokeWidth="1.6" strokeDasharray="7 5" />
        {ISLANDS.map((i) => {
          const [ix, iy] = projection.project(i.at);
          return (
            <g key={i.name}>
              <circle cx={ix} cy={iy} r="1.8" fill="var(--vg-ink)" />
              <text x={ix + (i.left ? -3 : 3)} y={iy + 3} fontSize="8.5" textAnchor={i.left ? 'end' : 'start'} fill="var(--vg-muted)">
                {t(i.name)}
              </text>
            </g>
          );
        })}
      </g>
      <text x={width - 5} y={h - 6} fontSize="11" textAnchor="end" fill="var(--vg-ink)" fontWeight="600">
        {t('map.scs')}
      </text>
    </g>
  );
}
