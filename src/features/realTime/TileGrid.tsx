import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Tile } from '../../../streams/deviceTiles';
import { DeviceTile } from './DeviceTile';

const TILE_W = 176;
const ROW_H = 84;

/** Only the rows on screen are in the DOM, so 5,000 devices cost what a screenful costs. */
export function TileGrid({ tiles, onOpen }: { tiles: Tile[]; onOpen: (id: number) => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(8);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setColumns(Math.max(1, Math.floor((el.clientWidth - 8) / TILE_W)));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const rows = Math.ceil(tiles.length / columns);
  const virtual = useVirtualizer({ count: rows, getScrollElement: () => scroller.current, estimateSize: () => ROW_H, overscan: 3 });

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto" data-testid="tile-grid">
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((row) => (
          <div
            key={row.key}
            className="absolute inset-x-0 grid gap-2 px-1"
            style={{ top: row.start, height: ROW_H - 8, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {tiles.slice(row.index * columns, row.index * columns + columns).map((t) => (
              <DeviceTile key={t.deviceId} tile={t} onOpen={onOpen} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
