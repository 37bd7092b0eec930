import { useMemo } from 'react';
import { t, useLanguage, type MessageKey } from '../../i18n/i18n';
import { featurePath, mercator, packGeometry, type Bounds, type GeoCollection, type JsonRing, type LngLat, type Ring } from './projection';
import { placeNames, type Box } from './labels';

/** The inset's extent: the South China Sea down to 曾母暗沙, with Hainan, Taiwan and the southern coast. */
const INSET_BOUNDS: Bounds = { west: 105.5, east: 123.5, south: 2.5, north: 24.5 };

/**
 * The inset's real geography (../geo/southChinaSea.json, from Natural Earth, public domain; see
 * ../geo/README.md): the land around the sea, the islands and reefs above water as points, and the
 * nine dashes of the 断续线 as drawn by Natural Earth.
 */
export interface SouthChinaSeaData {
  land: { type: 'MultiPolygon'; coordinates: Ring[][] };
  islands: LngLat[];
  dashes: LngLat[][];
}

/** The inset's data as the bundled file has it, its land's rings packed as the map keeps them. */
export function packSouthChinaSea(json: Omit<SouthChinaSeaData, 'land'> & { land: { type: 'MultiPolygon'; coordinates: JsonRing[][] } }) {
  return { ...json, land: packGeometry(json.land) as SouthChinaSeaData['land'] };
}

/**
 * The island groups, at their real places; each name is placed clear of the others, the islands, the
 * dashes and the title (labels.ts, placeNames), in either language.
 */
const GROUPS: { name: MessageKey; at: LngLat; dot?: boolean }[] = [
  // 东沙, 中沙, 黄岩岛 and 曾母暗沙 are too small for the land data (or under water): a dot at their place
  { name: 'map.island.dongsha', at: [116.72, 20.7], dot: true },
  { name: 'map.island.xisha', at: [111.95, 16.35] },
  { name: 'map.island.zhongsha', at: [114.4, 15.7], dot: true },
  { name: 'map.island.huangyan', at: [117.75, 15.15], dot: true },
  { name: 'map.island.nansha', at: [114.6, 10.2] },
  { name: 'map.island.zengmu', at: [112.28, 3.97], dot: true },
];

/** The inset's height for a width, in the same units. */
export const insetHeight = (width: number) => Math.round(mercator(INSET_BOUNDS, width).height);

/** the least the island groups' names may measure on screen to be drawn (px), and the title's least (rem) */
const MIN_NAME_PX = 7;
const MIN_TITLE_REM = 0.6;

const emWidth = (s: string) => [...s].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e80 ? 1 : 0.6), 0);

/** A long name (South China Sea Islands) goes on two lines, to stay in the open sea of the corner. */
function titleOf(name: string): string[] {
  const cut = name.lastIndexOf(' ');
  return name.length > 12 && cut > 0 ? [name.slice(0, cut), name.slice(cut + 1)] : [name];
}

/**
 * The inset's title: its lines, size and place. In the lower right corner when the map is shown large
 * enough; on a small map, where it must grow to stay readable and would cover the southern dashes, a
 * caption right above the frame (in the open sea east of the coast). `above` is how much of the main
 * map over the inset the caption takes (0 in the corner), kept clear of project names and markers.
 */
export function insetTitle(width: number, unitsPerRem: number) {
  const name = t('map.scs');
  const room = width - 10;
  const cornerLines = titleOf(name);
  const corner = Math.min((width / 20) * 1.3, room / Math.max(...cornerLines.map(emWidth)));
  const least = MIN_TITLE_REM * unitsPerRem;
  if (least <= corner) return { lines: cornerLines, size: corner, caption: false, above: 0 };
  // a caption: as many lines as it takes to keep the least size within the frame's width
  const lines = wrapWords(name, room / least);
  const size = Math.min(least, room / Math.max(...lines.map(emWidth)));
  return { lines, size, caption: true, above: lines.length * size * 1.3 + 4 };
}

/** Words on lines of at most `maxEm` (a word longer than that, or a name without spaces, on its own line). */
function wrapWords(name: string, maxEm: number): string[] {
  const lines: string[] = [];
  for (const word of name.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && emWidth(`${last} ${word}`) <= maxEm) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const square = ([x, y]: readonly [number, number], r: number): Box => ({ x0: x - r, y0: y - r, x1: x + r, y1: y + r });

/**
 * 南海诸岛: the inset any published map of China carries, in the map's lower right corner (open sea on
 * the main map), framed and labelled, drawn from real geographic data. `x`, `y` and `width` are in the
 * main map's units.
 */
export function SouthChinaSeaInset({
  geo,
  sea,
  x,
  y,
  width,
  unitsPerRem = 16,
  pxPerUnit = 1,
}: {
  geo: GeoCollection;
  sea: SouthChinaSeaData;
  x: number;
  y: number;
  width: number;
  /** how many map units one rem of the page measures on screen (more on a small map) */
  unitsPerRem?: number;
  /** screen pixels per map unit */
  pxPerUnit?: number;
}) {
  const language = useLanguage();
  const projection = useMemo(() => mercator(INSET_BOUNDS, width), [width]);
  const h = Math.round(projection.height);
  // names at a fixed share of the inset, so they scale with the map like the project names
  const fontSize = width / 20;
  // On a thumbnail of a map (the platform map at 1366×768) the group names would be 3 px high: they
  // are left out under 7 px, while the islands, the dashes and a title large enough to read remain.
  const showNames = fontSize * pxPerUnit >= MIN_NAME_PX;
  const heading = useMemo(() => insetTitle(width, unitsPerRem), [width, unitsPerRem, language]); // eslint-disable-line react-hooks/exhaustive-deps
  const { lines: titleLines, size: titleSize } = heading;
  const drawn = useMemo(() => {
    const at = (p: LngLat) => projection.project(p).map(round1) as [number, number];
    return {
      land: featurePath({ id: 'land', properties: { name: '' }, geometry: sea.land }, projection),
      china: geo.features.map((f) => ({ id: f.id, d: featurePath(f, projection) })),
      islands: sea.islands.map(at),
      dashes: sea.dashes.map((d) => d.map(at)),
      dots: GROUPS.filter((g) => g.dot).map((g) => ({ key: g.name, at: at(g.at) })),
    };
  }, [geo, sea, projection]);
  const { title, names } = useMemo(() => {
    const title = titleLines;
    const obstacles: Box[] = [
      ...drawn.islands.map((p) => square(p, 1.5)),
      ...drawn.dots.map((d) => square(d.at, 1.8)),
      // a dash is drawn straight between its points: its ends, middles and quarters
      ...drawn.dashes.flatMap((d) =>
        d.slice(1).flatMap((b, k) => {
          const a = d[k]!;
          return [0, 0.25, 0.5, 0.75, 1].map((f) => square([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f], 1.6));
        }),
      ),
      // the title in the lower right corner
      ...(heading.caption
        ? []
        : [
            {
              x0: width - 5 - Math.max(...title.map(emWidth)) * titleSize,
              y0: h - 6 - title.length * titleSize * 1.15,
              x1: width,
              y1: h,
            },
          ]),
    ];
    const places = GROUPS.map((g) => {
      const [px, py] = projection.project(g.at);
      return { key: g.name, text: t(g.name), x: px, y: py };
    });
    const names = showNames ? placeNames(places, fontSize, { x0: 2, y0: 2, x1: width - 2, y1: h - 2 }, obstacles) : [];
    return { title, names };
    // the names follow the language
  }, [drawn, projection, width, h, fontSize, titleSize, titleLines, heading.caption, showNames, language]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <g transform={`translate(${x} ${y})`} data-testid="map-scs-inset" pointerEvents="none">
      <defs>
        <clipPath id="scs-inset-clip">
          <rect width={width} height={h} />
        </clipPath>
      </defs>
      <rect width={width} height={h} fill="var(--vg-surface)" data-testid="map-scs-sea" />
      <g clipPath="url(#scs-inset-clip)">
        {/* neighbouring land, then China's provinces over it */}
        <path d={drawn.land} fill="var(--vg-muted)" fillOpacity="0.22" stroke="var(--vg-muted)" strokeWidth="0.4" strokeOpacity="0.7" />
        {drawn.china.map((p) => (
          <path key={p.id} d={p.d} fill="var(--vg-surface-2)" stroke="var(--vg-muted)" strokeWidth="0.5" />
        ))}
        <g data-testid="map-scs-islands" fill="var(--vg-ink)">
          {drawn.islands.map(([ix, iy]) => (
            <circle key={`${ix},${iy}`} cx={ix} cy={iy} r="0.9" />
          ))}
          {drawn.dots.map((d) => (
            <circle key={d.key} cx={d.at[0]} cy={d.at[1]} r="1.3" />
          ))}
        </g>
        <g data-testid="map-scs-dashes" stroke="var(--vg-ink)" strokeWidth="1.7" strokeLinecap="round" fill="none">
          {drawn.dashes.map((d) => (
            <path key={d.join()} d={`M${d.map((p) => p.join(' ')).join('L')}`} />
          ))}
        </g>
        {names.map((n) => (
          <text
            key={n.key}
            data-clear={n.clear}
            x={n.x}
            y={n.y}
            fontSize={fontSize}
            textAnchor={n.anchor}
            dominantBaseline="middle"
            fill="var(--vg-ink)"
            stroke="var(--vg-surface)"
            strokeWidth="2"
            paintOrder="stroke"
          >
            {n.text}
          </text>
        ))}
      </g>
      <rect width={width} height={h} fill="none" stroke="var(--vg-ink)" strokeWidth="1.2" data-testid="map-scs-frame" />
      <text
        data-testid="map-scs-title"
        data-caption={heading.caption || undefined}
        x={width - 5}
        y={heading.caption ? -heading.above + titleSize : h - 6 - (title.length - 1) * titleSize * 1.15}
        fontSize={titleSize}
        textAnchor="end"
        fill="var(--vg-ink)"
        fontWeight="600"
        stroke="var(--vg-surface)"
        strokeWidth="3"
        paintOrder="stroke"
      >
        {title.map((line, k) => (
          <tspan key={line} x={width - 5} dy={k ? titleSize * (heading.caption ? 1.3 : 1.15) : 0}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}
