import { useCallback, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../../app/i18n/i18n';
import { useOptionalRealtime } from '../../app/realtime/RealtimeContext';
import { useDeviceTiles } from '../../app/liveDevices/useDeviceTiles';
import { useStations } from '../../app/liveDevices/useStations';
import { membership, placeOrder, staleCount, wallSort, wallTally } from '../../app/liveDevices/tileLook';
import { DEFAULT_REPORT_MS, kioskConfig } from '../../app/kiosk/kioskConfig';
import { useNowAs } from '../../app/widgets/useNow';
import { ProjectPicker } from './ProjectPicker';
import { WallGrid } from './WallGrid';
import { WallHeader } from './WallHeader';
import { useWallPaging } from './useWallPaging';
import type { WallLayout } from './wallLayout';

/**
 * /realTime, the wall: a tile per device of the chosen projects in the alarm language, severest first,
 * as large as the screen allows and paged rather than shrunk; stale data marked on every tile.
 */
export default function RealTimeScreen() {
  useLanguage();
  const kiosk = kioskConfig();
  const reportMs = kiosk?.reportMs ?? DEFAULT_REPORT_MS;
  const stations = useStations();
  const [chosen, setChosen] = useState<number[]>([]);
  const { tiles } = useDeviceTiles(stations === null ? [] : chosen.length ? chosen : null);
  const realtime = useOptionalRealtime();
  const onOpen = useCallback((id: number) => realtime?.openDevice(id), [realtime]);
  // the devices' places are collated once per set of devices; each frame of values only re-ranks by state
  const places = useRef<{ of: number; place: Map<number, number> } | null>(null);
  const list = useMemo(() => {
    const of = membership(tiles);
    if (places.current?.of !== of) places.current = { of, place: placeOrder(tiles.values()) };
    return wallSort([...tiles.values()], places.current.place);
  }, [tiles]);
  // The clock moves only the stale count (and each tile's age, in its tile): the screen renders when
  // that count changes, not on every tick (a wall re-rendered its strip and grid every second).
  const tally = useMemo(() => wallTally(list), [list]);
  const stale = useNowAs((now) => staleCount(list, now, reportMs));
  const counts = useMemo(() => ({ ...tally, stale }), [tally, stale]);
  const [pages, setPages] = useState(1);
  const onLayout = useCallback((l: WallLayout) => setPages(l.pages), []);
  const paging = useWallPaging(pages, kiosk ? kiosk.pageMs : null);

  return (
    <div className="flex h-full flex-col gap-[max(8px,1vh)] p-[max(8px,1vh)]" data-testid="wall" data-kiosk={kiosk ? true : undefined}>
      {!kiosk && stations && <ProjectPicker stations={stations} chosen={chosen} onChange={setChosen} />}
      <WallHeader counts={counts} reportMs={reportMs} page={paging.page} pages={paging.pages} onPrev={paging.prev} onNext={paging.next} />
      <WallGrid tiles={list} page={paging.page} reportMs={reportMs} onOpen={onOpen} onLayout={onLayout} />
    </div>
  );
}
