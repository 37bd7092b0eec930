import type { AlarmState } from '../../../../domain/schemas/monitor';
import { ALARM_STATE_COLOR } from '../palette';

export interface PulseRing {
  id: number;
  /** the pulse's number: a project pulsing again gets a new ring, its animation from the start */
  pulse: number;
  state: AlarmState;
  /** the marker's centre in map units */
  x: number;
  y: number;
}

/** Where the map's units land in its box: the svg's viewBox drawn with preserveAspectRatio xMidYMid meet. */
export interface MapFrame {
  /** the svg's box in pixels */
  width: number;
  height: number;
  /** pixels per map unit */
  perUnit: number;
  /** the viewBox's size in map units */
  unitsWide: number;
  unitsHigh: number;
}

/**
 * The alarm pulse of the markers whose project's state got worse (usePulses), as HTML rings over the
 * map instead of circles inside its svg. A CSS animation of an svg child, even of transform and
 * opacity, has the renderer's main thread restyle and repaint the map every frame: 100 projects in
 * alarm kept a console's renderer busy 0.7–0.8 s of each second (issue 32's bell bench: reading → bell
 * painted p99 1.9 s; 0.17 s with no pulse at all). A ring of its own layer (`.vg-map-pulse`, styles.css)
 * is scaled and faded by the compositor, three times (5 s), and is removed when that ends: a ring left
 * at rest was still a layer the compositor drew each frame, and a ring for every project in alarm,
 * each pulsing on every change of state, kept two consoles' compositors and the display's at about 0.7
 * of a core under the bench's alarm flood (bell p99 0.49–0.94 s against 0.21 s without rings). The
 * marker's shape and colour keep the state; the bell, the popup and the sound keep calling. The rings
 * start just outside the marker's disc, since they lie above it.
 */
export function PulseRings({
  rings,
  frame,
  markerR,
  ring,
  onDone,
}: {
  rings: readonly PulseRing[];
  frame: MapFrame;
  markerR: number;
  ring: number;
  /** a ring's animation ended */
  onDone: (id: number, pulse: number) => void;
}) {
  const { perUnit } = frame;
  const left = (frame.width - frame.unitsWide * perUnit) / 2;
  const top = (frame.height - frame.unitsHigh * perUnit) / 2;
  // the marker's disc has radius markerR + 2·ring (ChinaMap): the ring's inner edge starts there
  const r = (markerR + 3 * ring) * perUnit;
  const border = 2 * ring * perUnit;
  return (
    <div
      className="pointer-events-none absolute top-0 left-0 overflow-hidden"
      style={{ width: frame.width, height: frame.height }}
      aria-hidden
      data-testid="map-pulses"
    >
      {rings.map((p) => (
        <div
          key={`${p.id}:${p.pulse}`}
          className="vg-map-pulse absolute rounded-full"
          data-project-id={p.id}
          data-state={p.state}
          onAnimationEnd={() => onDone(p.id, p.pulse)}
          style={{
            left: left + p.x * perUnit - r,
            top: top + p.y * perUnit - r,
            width: 2 * r,
            height: 2 * r,
            borderWidth: border,
            borderStyle: 'solid',
            borderColor: ALARM_STATE_COLOR[p.state],
          }}
        />
      ))}
    </div>
  );
}
