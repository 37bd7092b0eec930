import { useEffect, useState } from 'react';
import { api } from '../api/client';

export interface Station {
  id: number;
  name: string;
  deviceCount: number;
  activeAlarmCount: number;
}

/** The projects the user may see (GET /devicedata/api/comm/v1/stations). */
export function useStations(): Station[] | null {
  const [stations, setStations] = useState<Station[] | null>(null);
  useEffect(() => {
    let live = true;
    api.get<Station[]>('/devicedata/api/comm/v1/stations').then(
      (s) => live && setStations(s),
      () => live && setStations([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return stations;
}
