import { useEffect, useMemo, useRef, useState } from 'react';
import type { ProjectCoordinate } from '../../../../domain/schemas/monitor';
import { t, tDynamic, useLanguage } from '../../i18n/i18n';
import { ALARM_STATES } from '../palette';
import { AlarmIcon } from '../../alarm/AlarmIcon';
import { AlarmMark } from '../../alarm/AlarmMark';
import { CHINA_BOUNDS, featurePath, mercator, packCollection, type GeoCollection, type JsonGeoCollection } from './projection';
import { projectsExtent, type MapExtent } from './extent';
import { declutter } from './declutter';
import { LABEL_FONT, placeLabels } from './labels';
import { PulseRings } from './PulseRings';
import { SEVERITY } from './pulses';
import { usePulses } from './usePulses';
import { insetHeight, insetTitle, packSouthChinaSea, SouthChinaSeaInset, type SouthChinaSeaData } from './SouthChinaSeaInset';

const WIDTH = 1000;
/** a marker's radius in map units on a map shown large enough (raised on a small one) */
const MARKER_R = 8;
/** the least a project's name and marker may measure on screen, in rems of the page (a wall's rem grows) */
const MIN_LABEL_REM = 0.8;
const MIN_MARKER_R_REM = 0.45;
/** the 南海诸岛 inset's width in map units (its height follows its extent) */
const INSET_W = 180;

// The outline and the inset's geography are their own chunks, fetched once per page load and shared
// by both monitoring screens.
interface MapData {
  china: GeoCollection;
  sea: SouthChinaSeaData;
}
let outline: Promise<MapData> | null = null;
/**
 * Screen pixels per map unit, the page's rem in pixels and the svg's box. The map scales with its panel: at
 * 1366×768 the platform map is about a third of its units wide, where names of a fixed size in map
 * units would be 5 px high.
 */
function useMapScale(height: number) {
  const ref = useRef<SVGSVGElement>(null);
  const [scale, setScale] = useState({ perUnit: 1, rem: 16, width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const { width, height: h } = el.getBoundingClientRect();
      if (width === 0 || h === 0) return;
      const perUnit = Math.min(width / WIDTH, h / height);
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      setScale((s) =>
        Math.abs(s.perUnit - perUnit) < 0.01 && s.rem === rem && Math.abs(s.width - width) < 0.5 && Math.abs(s.height - h) < 0.5
          ? s
          : { perUnit, rem, width, height: h },
      );
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [height]);
  return { ref, ...scale };
}

/**
 * The outlines come as text, parsed once and their rings packed (projection.ts, Ring). Imported as JSON
 * modules, Vite 8's build wrote them as JavaScript literals whatever its json.stringify setting, and V8
 * kept a literal boilerplate beside each of their ~17,000 coordinate arrays (issue 32's kiosk census).
 */
const loadOutline = () =>
  (outline ??= Promise.all([import('../geo/china.json?raw'), import('../geo/southChinaSea.json?raw')]).then(([c, s]) => ({
    china: packCollection(JSON.parse(c.default) as JsonGeoCollection),
    sea: packSouthChinaSea(JSON.parse(s.default) as Parameters<typeof packSouthChinaSea>[0]),
  })));

const COUNTRY: MapExtent = { kind: 'country', bounds: CHINA_BOUNDS };

/**
 * Projects on a map of China drawn from the bundled province outlines (no tiles, works offline).
 * Markers are coloured by the project's worst active alarm; clicking one selects it, clicking it
 * again or the empty map clears the selection. `fit` zooms to the projects' province when they all
 * lie in one (the 大屏); `blink` makes the markers of projects with an active alarm blink.
 */
export function ChinaMap({
  coordinates,
  selectedId,
  onSelect,
  fit = false,
  blink = false,
}: {
  coordinates: ProjectCoordinate[];
  selectedId?: number | undefined;
  onSelect: (projectId: number | undefined) => void;
  fit?: boolean;
  blink?: boolean;
}) {
  const language = useLanguage();
  const [data, setData] = useState<MapData | null>(null);
  const geo = data?.china ?? null;
  const [hover, setHover] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void loadOutline().then((d) => live && setData(d));
    return () => {
      live = false;
    };
  }, []);

  // the extent follows where the projects are, not every reload's new array
  const places = coordinates.map((c) => `${c.longitude},${c.latitude}`).join(';');
  const extent = useMemo(() => {
    if (!fit || !geo || !places) return COUNTRY;
    const points = places.split(';').map((p) => p.split(',').map(Number) as [number, number]);
    return projectsExtent(points, geo);
  }, [fit, geo, places]);
  const projection = useMemo(() => mercator(extent.bounds, WIDTH), [extent]);
  // the 南海诸岛 inset belongs to the map of the country, not to a province's
  const withInset = extent.kind === 'country';
  const height = Math.round(projection.height);
  const { ref, perUnit, rem, width: boxWidth, height: boxHeight } = useMapScale(height);
  // names and markers never smaller on screen than a share of the page's text
  const font = Math.max(LABEL_FONT, (MIN_LABEL_REM * rem) / perUnit);
  const markerR = Math.max(MARKER_R, (MIN_MARKER_R_REM * rem) / perUnit);
  const ring = markerR / MARKER_R;
  /** the legend goes under a map shown at under half its units' size */
  const compact = perUnit < 0.5;
  const provinces = useMemo(() => (geo ? geo.features.map((f) => ({ id: f.id, d: featurePath(f, projection) })) : []), [geo, projection]);
  // the inset's box (with a margin) is kept clear of project names
  const unitsPerRem = rem / perUnit;
  const inset = useMemo(() => {
    if (!withInset) return null;
    const h = insetHeight(INSET_W);
    // a small map's inset has its title above the frame: kept clear too
    const above = insetTitle(INSET_W, unitsPerRem).above;
    return {
      x: WIDTH - INSET_W - 4,
      y: height - h - 4,
      h,
      box: { x0: WIDTH - INSET_W - 8, y0: height - h - 8 - above, x1: WIDTH, y1: height },
    };
  }, [height, unitsPerRem, language, withInset]); // eslint-disable-line react-hooks/exhaustive-deps -- the title's lines follow the language
  const markers = useMemo(() => {
    // Worst first: it keeps its true position and its label when markers crowd.
    const sorted = [...coordinates].sort((a, b) => SEVERITY[a.alarmState] - SEVERITY[b.alarmState] || a.id - b.id);
    return declutter(
      sorted.map((c) => ({ item: c, ...xy(projection.project([c.longitude, c.latitude])) })),
      markerR * 2 + 3,
      inset ? [inset.box] : [],
    );
  }, [coordinates, projection, markerR, inset]);
  const { pulsing, done } = usePulses(coordinates);
  const pulses = useMemo(
    () =>
      markers.flatMap((m) => {
        const pulse = pulsing.get(m.item.id);
        return pulse === undefined ? [] : [{ id: m.item.id, pulse, state: m.item.alarmState, x: m.mx, y: m.my }];
      }),
    [markers, pulsing],
  );
  const labels = useMemo(
    () =>
      placeLabels(
        markers,
        markerR,
        selectedId ?? hover ?? undefined,
        inset ? [inset.box] : [],
        { x0: 0, y0: 0, x1: WIDTH, y1: height },
        font,
      ),
    [markers, markerR, selectedId, hover, inset, height, font],
  );

  return (
    <div
      className="relative flex h-full min-h-0 w-full flex-col"
      data-testid="china-map"
      data-extent={extent.kind}
      data-province={extent.kind === 'province' ? extent.id : undefined}
    >
      <svg
        ref={ref}
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="min-h-0 w-full flex-1"
        preserveAspectRatio="xMidYMid meet"
        onClick={() => onSelect(undefined)}
        role="img"
        aria-label={t('monitor.map')}
      >
        <g data-testid="map-provinces">
          {provinces.map((p) => (
            <path
              key={p.id}
              d={p.d}
              fill="var(--vg-surface-2)"
              stroke="var(--vg-line)"
              strokeWidth="1"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            >
              <title>{tDynamic(`geo.${p.id}`)}</title>
            </path>
          ))}
        </g>
        {data && inset && (
          <SouthChinaSeaInset
            geo={data.china}
            sea={data.sea}
            width={INSET_W}
            x={inset.x}
            y={inset.y}
            unitsPerRem={unitsPerRem}
            pxPerUnit={perUnit}
          />
        )}
        {markers.map((m) =>
          m.mx !== m.x || m.my !== m.y ? (
            <g key={`lead-${m.item.id}`}>
              <line x1={m.x} y1={m.y} x2={m.mx} y2={m.my} stroke="var(--vg-muted)" strokeWidth={1.2 * ring} />
              <circle cx={m.x} cy={m.y} r={2.5 * ring} fill="var(--vg-muted)" />
            </g>
          ) : null,
        )}
        {markers.map(({ item: c, mx, my }) => {
          const selected = c.id === selectedId;
          return (
            <g
              key={c.id}
              data-testid="map-marker"
              data-project-id={c.id}
              data-state={c.alarmState}
              data-selected={selected || undefined}
              data-blink={(blink && c.alarmState !== 'normal') || undefined}
              className="cursor-pointer"
              role="button"
              aria-label={c.name}
              aria-pressed={selected}
              onClick={(e) => (e.stopPropagation(), onSelect(selected ? undefined : c.id))}
              onMouseEnter={() => setHover(c.id)}
              onMouseLeave={() => setHover(null)}
            >
              {selected && <circle cx={mx} cy={my} r={markerR + 5 * ring} fill="none" stroke="var(--vg-brand)" strokeWidth={3 * ring} />}
              {/* the state's shape, so the marker does not rely on its colour alone */}
              <circle cx={mx} cy={my} r={markerR + 2 * ring} fill="var(--vg-surface)" />
              {/* a wall's marker blinks while its project has an active alarm (never quite out: its shape stays readable) */}
              <g className={blink && c.alarmState !== 'normal' ? 'vg-map-blink' : undefined}>
                <AlarmIcon state={c.alarmState} x={mx - markerR - ring} y={my - markerR - ring} size={2 * (markerR + ring)} />
              </g>
              <title>{`${c.name}\n${t('monitor.devices')} ${c.deviceCount} · ${t('monitor.activeAlarms')} ${c.activeAlarms}`}</title>
            </g>
          );
        })}
        <g data-testid="map-label-leaders" pointerEvents="none">
          {labels.map((l) =>
            l.leader ? (
              <line
                key={`leader-${l.id}`}
                x1={l.leader.x1}
                y1={l.leader.y1}
                x2={l.leader.x2}
                y2={l.leader.y2}
                stroke="var(--vg-muted)"
                strokeWidth={1.2 * ring}
              />
            ) : null,
          )}
        </g>
        {labels.map((l) => (
          <text
            data-testid="map-label"
            key={`label-${l.id}`}
            x={l.x}
            y={l.y}
            fontSize={font}
            textAnchor={l.anchor}
            dominantBaseline="middle"
            pointerEvents="none"
            fill="var(--vg-ink)"
            stroke="var(--vg-surface)"
            strokeWidth={4 * (font / LABEL_FONT)}
            paintOrder="stroke"
            fontWeight={l.id === selectedId ? 700 : 500}
          >
            {l.text}
          </text>
        ))}
      </svg>
      {boxWidth > 0 && (
        <PulseRings
          rings={pulses}
          frame={{ width: boxWidth, height: boxHeight, perUnit, unitsWide: WIDTH, unitsHigh: height }}
          markerR={markerR}
          ring={ring}
          onDone={done}
        />
      )}
      <ul
        className={`pointer-events-none flex gap-1 rounded bg-surface/85 text-xs ${
          // on a small map a legend over the drawing would hide the south-west's projects: a row under it
          compact ? 'shrink-0 flex-row flex-wrap justify-center gap-x-3 pt-1' : 'absolute bottom-2 left-2 flex-col px-2 py-1.5'
        }`}
        data-compact={compact || undefined}
        data-testid="map-legend"
      >
        {ALARM_STATES.map((s) => (
          <li key={s} className="flex items-center">
            <AlarmMark state={s} size="1.2em" />
          </li>
        ))}
      </ul>
    </div>
  );
}

const xy = ([x, y]: [number, number]) => ({ x, y });
