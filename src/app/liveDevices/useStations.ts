import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../api/queryKeys';

export interface Station {
  id: number;
  name: string;
  deviceCount: number;
  activeAlarmCount: number;
}

const NO_STATIONS: Station[] = [];

/** The projects the user may see (GET /devicedata/api/comm/v1/stations); null until the first answer, none after a failure. */
export function useStations(): Station[] | null {
  const stations = useQuery({ queryKey: queryKeys.stations(), queryFn: () => api.get<Station[]>('/devicedata/api/comm/v1/stations') });
  return stations.error ? NO_STATIONS : (stations.data ?? null);
}
