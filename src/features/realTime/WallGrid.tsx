import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Tile } from '../../../streams/deviceTiles';
import { DeviceTile } from './DeviceTile';
import { GroupHeader } from './GroupHeader';
import { cellCount, groupTiles, paginate } from './tileGroups';
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
 * The tiles of one page under their projects' headers, sized to fill the box (wallLayout counts a
 * header as a cell). Only one page is in the DOM, so 5,000 devices cost what a screenful costs.
 */
export function WallGrid({
  tiles,
  page,
  reportMs,
  onOpen,
  onLayout,
}: {
  tiles: Tile[];
  page: number;
  reportMs: number;
  onOpen: (id: number) => void;
  onLayout: (layout: WallLayout) => void;
}) {
  const { ref, box } = useBox();
  const groups = useMemo(() => groupTiles(tiles), [tiles]);
  const layout = box.width > 0 ? wallLayout({ ...box, count: cellCount(groups) }) : null;
  const perPage = layout?.perPage ?? 0;
  const pages = useMemo(() => (perPage ? paginate(groups, perPage) : []), [groups, perPage]);
  useEffect(() => {
    if (layout) onLayout({ ...layout, pages: Math.max(1, pages.length) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `layout` is a fresh object every render: its perPage and valuePx and the pages say when it changed
  }, [pages.length, perPage, layout?.valuePx, onLayout]);
  const shown = pages[Math.min(page, pages.length - 1)] ?? [];
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
          {shown.map((c) =>
            c.kind === 'group' ? (
              <GroupHeader key={`g${c.group.projectId}`} group={c.group} continued={c.continued} />
            ) : (
              <DeviceTile key={c.tile.deviceId} tile={c.tile} reportMs={reportMs} onOpen={onOpen} />
            ),
          )}
        </div>
      )}
    </div>
  );
}
