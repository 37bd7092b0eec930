import { alarmColourVar, alarmOnColourVar } from '../../../domain/alarmLanguage';
import { Fragment, memo, type ReactNode } from 'react';
import { formatTime } from '../../app/time/projectTime';
import type { PecEvent } from '../../../domain/telemetry';
import { t } from '../../app/i18n/i18n';
import { MEASURE_BY_ID } from '../../../domain/telemetry';
import { EVENT_CONFIRM } from '../../../domain/enums';
import { confirmLabel, describeEvent, statusLabel, typeLabel } from './eventText';
import { StateMark } from '../../app/ui/StateMark';
import { confirmShape, eventStatusShape } from '../../app/ui/stateShapes';
import { LevelMark } from '../../app/alarm/AlarmMark';
import { durationText } from '../../app/i18n/durationText';
import { rem } from '../../app/ui/rem';
import type { EventOrderDto } from '../../../domain/schemas/workorder';
import { OrderStatusBadge } from '../workOrder/OrderStatusBadge';

/** at the 16 px root, like the table's column widths; scaled with the console (ui/rem.ts) */
export const ROW_HEIGHT = 36;

const time = (ms: number | null) => (ms ? formatTime(ms, 'yyyy-MM-dd HH:mm:ss') : '--');
const num = (v: number | null) => (v === null ? '--' : String(Math.round(v * 100) / 100));
/** The value in its measure's unit (35.2 ℃, 310 mA): an event list mixes measures, so the unit is in the cell. */
const withUnit = (v: number | null, dataId: number | null) => {
  const unit = dataId === null ? '' : (MEASURE_BY_ID.get(dataId)?.unit ?? '');
  return v === null || !unit ? num(v) : `${num(v)} ${unit}`;
};

export interface EventRowProps {
  row: PecEvent;
  selected: boolean;
  onCheck: (id: number, shift: boolean) => void;
  onOnly: (id: number, shift: boolean) => void;
  onView: ((deviceId: number) => void) | undefined;
  onDetail: (row: PecEvent) => void;
  /** the event's newest work order, if any */
  order: EventOrderDto | undefined;
  /** the ids of the columns shown, in table order */
  columns: readonly string[];
  /** the language, so a switch re-renders the memoised rows */
  lang: string;
}

/** The 操作 column stays in view while the table scrolls sideways, over the row's own background. */
const STICKY_END =
  'sticky right-0 bg-surface group-hover:bg-surface-2 group-aria-selected:bg-[color-mix(in_srgb,var(--vg-brand)_10%,var(--vg-surface))] shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.25)]';

/** One event; memoised so a live insert re-renders only the rows whose data changed. */
export const EventRow = memo(function EventRow({ row, selected, onCheck, onOnly, onView, onDetail, order, columns }: EventRowProps) {
  const cell = 'truncate px-2';
  // who handled the event and when: the same cell for the handling and for the remark
  const whoCell = (col: string, name: string | null | undefined) => (
    <td className={cell} data-col={col}>
      {name ?? '--'}
    </td>
  );
  const timeCell = (col: string, ms: number | null) => (
    <td className={`${cell} tabular-nums`} data-col={col}>
      {time(ms)}
    </td>
  );
  const cells: Record<string, ReactNode> = {
    eventtime: <td className={`${cell} tabular-nums`}>{time(row.eventtime)}</td>,
    project: (
      <td className={cell} title={row.projectname}>
        {row.projectname}
      </td>
    ),
    device: (
      <td className={cell} title={`${row.devicename} ${row.devicecode}`}>
        {row.devicename}
      </td>
    ),
    type: <td className={cell}>{typeLabel(row.customtype)}</td>,
    level: (
      <td className={cell} data-level={row.peceventlevel}>
        <LevelMark level={row.peceventlevel} />
      </td>
    ),
    value: (
      <td className={`${cell} tabular-nums`} title={describeEvent(row)} data-col="value">
        {withUnit(row.value, row.dataid)}
      </td>
    ),
    status: (
      <td className={cell} data-col="status">
        <StateMark shape={eventStatusShape(row.endeventid)} muted={row.endeventid !== 0}>
          {statusLabel(row.endeventid)}
        </StateMark>
      </td>
    ),
    confirm: (
      <td className={cell} data-confirm={row.confirmeventstatus}>
        <StateMark shape={confirmShape(row.confirmeventstatus)} muted={row.confirmeventstatus === EVENT_CONFIRM.CONFIRM}>
          {confirmLabel(row.confirmeventstatus)}
        </StateMark>
        {row.escalatedat !== null && row.escalatedat !== undefined && (
          // Escalated for staying unconfirmed (issue 19): kept after confirmation, as a record.
          <span
            data-testid="event-escalated"
            title={t('escalation.markTitle', {
              time: time(row.escalatedat),
              duration: durationText((row.escalatedat - row.eventtime) / 1000, 'elapsed'),
            })}
            style={{ background: alarmColourVar('accident'), color: alarmOnColourVar('accident') }}
            className="ml-1 rounded px-1 text-xs font-semibold"
          >
            {t('escalation.mark')}
          </span>
        )}
      </td>
    ),
    handling: (
      <td className={cell} data-col="handling" title={order ? t('wo.orderNo', { id: order.orderId }) : undefined}>
        {order ? <OrderStatusBadge status={order.status} overdue={order.overdue} level={order.level} /> : '--'}
      </td>
    ),
    operator: whoCell('operator', row.operator),
    updatetime: timeCell('updatetime', row.updatetime),
    remark: (
      <td className={cell} title={row.remark ?? ''} data-col="remark">
        {row.remark || '--'}
      </td>
    ),
    remarkoperator: whoCell('remarkoperator', row.remarkoperator),
    remarktime: timeCell('remarktime', row.remarktime),
    action: (
      <td className={`${STICKY_END} space-x-3 px-2 whitespace-nowrap`} onClick={(e) => e.stopPropagation()}>
        {onView && (
          <button type="button" className="text-brand hover:underline" onClick={() => onView(row.deviceid)}>
            {t('alarmEvent.view')}
          </button>
        )}
        <button type="button" className="text-brand hover:underline" data-testid="event-detail-open" onClick={() => onDetail(row)}>
          {t('alarmEvent.detail')}
        </button>
      </td>
    ),
  };
  return (
    <tr
      data-event-id={row.id}
      aria-selected={selected}
      style={{ height: rem(ROW_HEIGHT) }}
      onClick={(e) => onOnly(row.id, e.shiftKey)}
      className={`group cursor-pointer border-b border-line ${selected ? 'bg-brand/10' : 'hover:bg-surface-2'}`}
    >
      <td className="px-3" onClick={(e) => e.stopPropagation()}>
        <input
          type="checkbox"
          aria-label={t('table.selectRow')}
          checked={selected}
          onChange={(e) => onCheck(row.id, (e.nativeEvent as MouseEvent).shiftKey)}
          className="h-4 w-4 align-middle accent-[var(--vg-brand)]"
        />
      </td>
      {columns.map((c) => (
        <Fragment key={c}>{cells[c]}</Fragment>
      ))}
    </tr>
  );
});
