import { z } from 'zod';
import type { KpiDto, OperatorKpi } from './workorder';

/**
 * The review figures of 处置 (issue 29 item 4): GET /workorder/v1/figures and its xlsx export. They
 * extend the KPI answer (GET /workorder/v1/kpi, unchanged) with an operator filter, a series over the
 * period, false-alarm shares per alarm type and per device, and the devices with repeated alarms.
 * Definitions: docs/workorders.md "Review figures".
 */

/** A device has repeated alarms when it raised at least this many alarms of one type in the period. */
export const REPEAT_MIN_DEFAULT = 3;
export const REPEAT_MIN_RANGE = { min: 2, max: 1000 } as const;
/** The longest lists the figures answer with (per device, repeated devices). */
export const FIGURE_ROWS_MAX = 200;

export const figuresQuery = z.object({
  projectId: z.coerce.number().int().positive().optional(),
  /** an operator: the alarms that user confirmed and the orders assigned to that user */
  operatorId: z.coerce.number().int().positive().optional(),
  start: z.string().min(10).max(23),
  end: z.string().min(10).max(23),
  repeatMin: z.coerce.number().int().min(REPEAT_MIN_RANGE.min).max(REPEAT_MIN_RANGE.max).default(REPEAT_MIN_DEFAULT),
});
export type FiguresQuery = z.output<typeof figuresQuery>;

/** One bucket of the period (an hour, a day or a month, as the analysis report buckets it). */
export interface FigureBucket {
  start: number;
  label: string;
  /** alarms raised in the bucket */
  alarms: number;
  /** median time to confirm of those confirmed */
  mttaMs: number | null;
  /** orders whose earliest alarm was raised in the bucket */
  orders: number;
  /** median time to close of those closed */
  mttrMs: number | null;
}

/** Orders with a recorded cause that carry an alarm of the type (or device), and those of them closed as 误报. */
export interface FalseShare {
  orders: number;
  falseAlarms: number;
  share: number;
}
export interface FalseShareByType extends FalseShare {
  type: number;
}
interface FalseShareByDevice extends FalseShare {
  deviceId: number;
  name: string;
  code: string;
  projectName: string;
}

/** A device that raised at least repeatMin alarms of one type in the period. */
export interface RepeatedDevice {
  deviceId: number;
  name: string;
  code: string;
  projectName: string;
  type: number;
  alarms: number;
}

/** Per operator: the KPI's order figures, and the alarms the operator confirmed with their MTTA. */
export interface OperatorFigures extends OperatorKpi {
  /** alarms of the period this user confirmed */
  confirmed: number;
  mttaMs: number | null;
  falseAlarmShare: number | null;
}

export interface OrderFiguresDto extends Omit<KpiDto, 'byOperator'> {
  /** orders of the period closed as 误报 */
  falseAlarms: number;
  repeatMin: number;
  /** the series' bucket: hour for two days or less, day up to 93 days, month beyond */
  unit: 'hour' | 'day' | 'month';
  series: FigureBucket[];
  falseByType: FalseShareByType[];
  falseByDevice: FalseShareByDevice[];
  repeated: RepeatedDevice[];
  /** every operator of the project and period, whatever the operator filter */
  byOperator: OperatorFigures[];
}
