/** The answer of GET /wisdompower/v1/realtime/{deviceId} (spec §3 "Realtime data"). */
export interface RealtimeMeasure {
  dataId: number;
  measureName: string;
  value: number | null;
  unit: string;
  time: number | null;
  isOverproof: boolean;
}

export interface TrendGroup {
  configList: { measureName: string; color: string; unit: string }[];
  measureDataList: {
    measureName: string;
    dataId: number;
    unit: string;
    /** the device's thresholds for this measure; null when it has none or it is switched off */
    alarmLimit?: number | null;
    warnLimit?: number | null;
    dataList: { time: number; value: number; status: number }[];
  }[];
  leftUnit: string;
  rightUnit: string;
}

export interface DeviceRealtime {
  time: number | null;
  device: {
    id: number;
    name: string;
    code: string;
    devicestatus: number;
    devicestatusText: string;
    devicetype: string | null;
    vendor: string | null;
    location: string | null;
    installdate: number | null;
    projectName: string | null;
  };
  measureDataList: RealtimeMeasure[];
  trendData: Record<string, TrendGroup>;
}
