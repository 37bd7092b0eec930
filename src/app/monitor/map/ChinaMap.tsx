import { useEffect, useMemo, useState } from 'react';
import type { ProjectCoordinate } from '../../../../domain/schemas/monitor';
import { t, tDynamic, useLanguage } from '../../i18n/i18n';
import { ALARM_STATES, ALARM_STATE_COLOR } from '../palette';
import { AlarmIcon } from '../../alarm/AlarmIcon';
import { AlarmMark } from '../../alarm/AlarmMark';
import { CHINA_BOUNDS, featurePath, mercator, type GeoCollection } from './projection';
import { declutter } from './declutter';
import { placeLabels } from './labels';
import { insetHeight, SouthChinaSeaInset, type SouthChinaSeaData } from './SouthChinaSeaInset';

const WIDTH = 1000;
const MARKER_R = 8;
/** the 南海诸岛 inset's width in map units (its height follows its extent) */
const INSET_W = 180;
const SEVERITY = { accident: 0, alarm: 1, warning: 2, normal: 3 } as const;

// The outline and the inset's geography are their own chunks, fetched once per page load and shared
// by both monitoring screens.
interface MapData {
  china: GeoCollection;
  sea: SouthChinaSeaData;
}
let outline: Promise<MapData> | null = null;
const loadOutline = () =>
  (outline ??= Promise.all([import('../geo/china.json'), import('../geo/southChinaSea.json')]).then(([c, s]) => ({
    china: c.default as unknown as GeoCollection,
    sea: s.default as unknown as SouthChinaSeaData,
  })));

/**
 * Projects on a map of China drawn from the bundled province outlines (no tiles, works offline).
 * Markers are coloured by the project's worst active alarm; clicking one selects it, clicking it
 * again or the empty map clears the selection.
 */
export function ChinaMap({
  coordinates,
  selectedId,
  onSelect,
}: {
  coordinates: ProjectCoordinate[];
  selectedId?: number | undefined;
  onSelect: (projectId: number | undefined) => void;
}) {
  useLanguage();
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

  const projection = useMemo(() => mercator(CHINA_BOUNDS, WIDTH), []);
  const provinces = useMemo(() => (geo ? geo.features.map((f) => ({ id: f.id, d: featurePath(f, projection) })) : []), [geo, projection]);
  const markers = useMemo(() => {
    // Worst first: it keeps its true position and its label when markers crowd.
    const sorted = [...coordinates].sort((a, b) => SEVERITY[a.alarmState] - SEVERITY[b.alarmState] || a.id - b.id);
    return declutter(
      sorted.map((c) => ({ item: c, ...xy(projection.project([c.longitude, c.latitude])) })),
      MARKER_R * 2 + 3,
    );
  }, [coordinates, projection]);
  const height = Math.round(projection.height);
  // the inset's box (with a margin) is kept clear of project names
  const inset = useMemo(() => {
    const h = insetHeight(INSET_W);
    return { x: WIDTH - INSET_W - 4, y: height - h - 4, h, box: { x0: WIDTH - INSET_W - 8, y0: height - h - 8, x1: WIDTH, y1: height } };
  }, [height]);
  const labels = useMemo(
    () => placeLabels(markers, MARKER_R, selectedId ?? hover ?? undefined, [inset.box], { x0: 0, y0: 0, x1: WIDTH, y1: height }),
    [markers, selectedId, hover, inset, height],
  );

  return (
    <div className="relative h-full min-h-0 w-full" data-testid="china-map">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="h-full w-full"
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
        {data && <SouthChinaSeaInset geo={data.china} sea={data.sea} width={INSET_W} x={inset.x} y={inset.y} />}
        {markers.map((m) =>
          m.mx !== m.x || m.my !== m.y ? (
            <g key={`lead-${m.item.id}`}>
              <line x1={m.x} y1={m.y} x2={m.mx} y2={m.my} stroke="var(--vg-muted)" strokeWidth="1.2" />
              <circle cx={m.x} cy={m.y} r="2.5" fill="var(--vg-muted)" />
            </g>
          ) : null,
        )}
        {/* Pulses sit in their own layer: an animated radius inside the clickable group would never
            let its box settle (and hit-testing would grow with the ring). */}
        <g pointerEvents="none">
          {markers
            .filter((m) => m.item.alarmState !== 'normal')
            .map(({ item: c, mx, my }) => (
              <circle
                key={`pulse-${c.id}`}
                cx={mx}
                cy={my}
                r={MARKER_R}
                fill="none"
                stroke={ALARM_STATE_COLOR[c.alarmState]}
                strokeWidth="2"
              >
                <animate attributeName="r" values={`${MARKER_R};${MARKER_R * 2.4}`} dur="1.6s" repeatCount="indefinite" />
                <animate attributeName="opacity" values="0.9;0" dur="1.6s" repeatCount="indefinite" />
              </circle>
            ))}
        </g>
        {markers.map(({ item: c, mx, my }) => {
          const selected = c.id === selectedId;
          return (
            <g
              key={c.id}
              data-testid="map-marker"
              data-project-id={c.id}
              data-state={c.alarmState}
              data-selected={selected || undefined}
              className="cursor-pointer"
              role="button"
              aria-label={c.name}
              aria-pressed={selected}
              onClick={(e) => (e.stopPropagation(), onSelect(selected ? undefined : c.id))}
              onMouseEnter={() => setHover(c.id)}
              onMouseLeave={() => setHover(null)}
            >
              {selected && <circle cx={mx} cy={my} r={MARKER_R + 5} fill="none" stroke="var(--vg-brand)" strokeWidth="3" />}
              {/* the state's shape, so the marker does not rely on its colour alone */}
              <circle cx={mx} cy={my} r={MARKER_R + 2} fill="var(--vg-surface)" />
              <AlarmIcon state={c.alarmState} x={mx - MARKER_R - 1} y={my - MARKER_R - 1} size={2 * MARKER_R + 2} />
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
                strokeWidth="1.2"
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
            fontSize="15"
            textAnchor={l.anchor}
            dominantBaseline="middle"
            pointerEvents="none"
            fill="var(--vg-ink)"
            stroke="var(--vg-surface)"
            strokeWidth="4"
            paintOrder="stroke"
            fontWeight={l.id === selectedId ? 700 : 500}
          >
            {l.text}
          </text>
        ))}
      </svg>
      <ul
        className="pointer-events-none absolute bottom-2 left-2 flex flex-col gap-1 rounded bg-surface/85 px-2 py-1.5 text-xs"
        data-testid="map-legend"
      >
        {ALARM_STATES.map((s) => (
          <li key={s} className="flex items-center">
            <AlarmMark state={s} size={14} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const xy = ([x, y]: [number, number]) => ({ x, y });
