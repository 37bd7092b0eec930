import { useCallback, useMemo, useState } from 'react';
import { t, useLanguage, type MessageKey } from '../../app/i18n/i18n';
import { useOptionalRealtime } from '../../app/realtime/RealtimeContext';
import { useDeviceTiles } from '../../app/liveDevices/useDeviceTiles';
import { useStations } from '../../app/liveDevices/useStations';
import { STATE_DOT, tileState, type TileState } from '../../app/liveDevices/tileLook';
import { ProjectPicker } from './ProjectPicker';
import { TileGrid } from './TileGrid';

const STATES: TileState[] = ['offline', 'accident', 'alarm', 'warning', 'normal'];

/** /realTime, the wall: a tile per device of the chosen projects, coloured by its state. */
export default function RealTimeScreen() {
  useLanguage();
  const stations = useStations();
  const [chosen, setChosen] = useState<number[]>([]);
  const { tiles } = useDeviceTiles(stations === null ? [] : chosen.length ? chosen : null);
  const realtime = useOptionalRealtime();
  const onOpen = useCallback((id: number) => realtime?.openDevice(id), [realtime]);
  const list = useMemo(() => [...tiles.values()], [tiles]);
  const counts = useMemo(() => {
    const c: Record<TileState, number> = { accident: 0, alarm: 0, warning: 0, offline: 0, normal: 0 };
    for (const tile of list) c[tileState(tile)]++;
    return c;
  }, [list]);

  return (
    <div className="flex h-full flex-col gap-3 p-4" data-testid="wall">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {stations && <ProjectPicker stations={stations} chosen={chosen} onChange={setChosen} />}
        <div className="flex items-center gap-4 text-sm" data-testid="wall-legend">
          <span className="text-muted">{t('wall.total', { count: list.length })}</span>
          {STATES.map((s) => (
            <span key={s} className="flex items-center gap-1.5" data-count-state={s}>
              <span className={`h-2.5 w-2.5 rounded-full ${STATE_DOT[s]}`} />
              {t(`wall.state.${s}` as MessageKey)} <b>{counts[s]}</b>
            </span>
          ))}
        </div>
      </div>
      <TileGrid tiles={list} onOpen={onOpen} />
    </div>
  );
}
