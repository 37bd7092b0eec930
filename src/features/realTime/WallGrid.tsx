import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Tile } from '../../../streams/deviceTiles';
import { isStale } from '../../app/liveDevices/tileLook';
import { DeviceTile } from './DeviceTile';
import { wallLayout, type WallLayout } from './wallLayout';

function useBox() {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0, viewportHeight: window.innerHeight });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setBox({ width: el.clientWidth, height: el.clientHeight, viewportHeight: window.innerHeight });
    measure();
    // The box shrinks when the header strip above it grows (a count gains a digit and wraps, a banner
    // or prompt appears). Laid out again before the browser paints, so no frame shows tiles past the
    // screen's edge: ResizeObserver runs between layout and paint, and flushSync renders there.
    const ro = new ResizeObserver(() => flushSync(measure));
    ro.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return { ref, box };
}

/**
 * The tiles of one page, sized to fill the box (wallLayout). Only one page is in the DOM, so 5,000
 * devices cost what a screenful costs.
 */
export function WallGrid({
  tiles,
  page,
  now,
  reportMs,
  onOpen,
  onLayout,
}: {
  tiles: Tile[];
  page: number;
  now: number;
  reportMs: number;
  onOpen: (id: number) => void;
  onLayout: (layout: WallLayout) => void;
}) {
  const { ref, box } = useBox();
  const layout = box.width > 0 ? wallLayout({ ...box, count: tiles.length }) : null;
  const pages = layout?.pages ?? 1;
  const perPage = layout?.perPage ?? 0;
  useEffect(() => {
    if (layout) onLayout(layout);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `layout` is a fresh object every render: its pages, perPage and valuePx say when it changed
  }, [pages, perPage, layout?.valuePx, onLayout]);
  const shown = layout ? tiles.slice(page * layout.perPage, (page + 1) * layout.perPage) : [];
  return (
    <div ref={ref} className="relative min-h-0 flex-1" data-testid="tile-grid">
      {layout && (
        <div
          className="absolute inset-0 grid content-start"
          data-testid="tile-page"
          data-page={page}
          style={{
            gridTemplateColumns: `repeat(${layout.columns}, ${layout.tileW}px)`,
            gridAutoRows: `${layout.tileH}px`,
            gap: layout.gap,
            fontSize: `${layout.valuePx}px`,
          }}
        >
          {shown.map((t) => (
            <DeviceTile
              key={t.deviceId}
              tile={t}
              age={isStale(t, now, reportMs) ? (t.time === null ? 0 : now - t.time) : null}
              onOpen={onOpen}
            />
          ))}
        </div>
      )}
    </div>
  );
}
