import type { ReactNode } from 'react';
import type { HandoverSummary, ShiftSpanDto } from '../../../domain/schemas/handover';
import { EVENT_LEVEL } from '../../../domain/enums';
import { LevelMark } from '../../app/alarm/AlarmMark';
import { t, useLanguage } from '../../app/i18n/i18n';
import { formatTime } from '../../app/time/projectTime';
import { OrderStatusBadge } from '../workOrder/OrderStatusBadge';
import type { OrderStatus } from '../../../domain/schemas/workorder';
import { typeLabel } from '../alarmEvent/eventText';

const LEVELS = [EVENT_LEVEL.ACCIDENT, EVENT_LEVEL.ALARM, EVENT_LEVEL.EARLY_WARNING];
const time = (v: number) => formatTime(v, 'yyyy-MM-dd HH:mm');

/** "白班 2026-11-28 08:00 – 20:00": the shift and its range in the project zone. */
export const shiftText = (s: ShiftSpanDto) => `${s.name} ${time(s.start)} – ${formatTime(s.end, 'HH:mm')}`;

/** A headed block of the sheet: its count in the title, its rows below (or 无). */
function Part({ title, count, testId, children }: { title: string; count: number; testId: string; children?: ReactNode }) {
  return (
    <section className="break-inside-avoid" data-testid={testId}>
      <h3 className="mb-1 flex items-baseline justify-between border-b border-line pb-0.5 font-medium">
        <span>{title}</span>
        <span className="tabular-nums" data-testid={`${testId}-count`}>
          {count}
        </span>
      </h3>
      {count === 0 ? <p className="text-muted">{t('ho.none')}</p> : children}
    </section>
  );
}

/** The rest of a list the sheet does not show: "另有 N 条". */
const More = ({ shown, total }: { shown: number; total: number }) =>
  total > shown ? <p className="text-muted">{t('ho.more', { count: total - shown })}</p> : null;

/**
 * What a shift leaves (交接班): the shift's alarms by level, the alarms still unconfirmed, the orders
 * open and overdue, the devices offline. The same sheet on screen, in the detail and on paper.
 */
export function HandoverSheet({ shift, summary }: { shift: ShiftSpanDto; summary: HandoverSummary }) {
  useLanguage();
  const byLevel = (level: number) => summary.alarmsByLevel.find((l) => l.level === level)?.count ?? 0;
  return (
    <div className="space-y-3 text-sm" data-testid="handover-sheet">
      <p className="font-medium" data-testid="handover-shift">
        {t('ho.shift')}
        {t('punct.colon')}
        {/* the shift's name is as configured (系统配置), like a project's */}
        <span translate="no">{shiftText(shift)}</span>
      </p>
      <Part title={t('ho.alarms')} count={summary.alarms} testId="ho-alarms">
        <ul className="flex flex-wrap gap-x-6 gap-y-1">
          {LEVELS.map((level) => (
            <li key={level} className="flex items-center gap-2" data-testid={`ho-level-${level}`}>
              <LevelMark level={level} />
              <span className="tabular-nums">{byLevel(level)}</span>
            </li>
          ))}
        </ul>
      </Part>
      <Part title={t('ho.unconfirmed')} count={summary.unconfirmed} testId="ho-unconfirmed">
        <ul className="space-y-0.5">
          {summary.unconfirmedList.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-x-2">
              <LevelMark level={e.level} />
              <span className="tabular-nums text-muted">{time(e.eventtime)}</span>
              <span translate="no">{e.deviceName ?? '--'}</span>
              <span>{typeLabel(e.type)}</span>
            </li>
          ))}
        </ul>
        <More shown={summary.unconfirmedList.length} total={summary.unconfirmed} />
      </Part>
      <Part title={t('ho.ordersOpen')} count={summary.ordersOpen} testId="ho-orders">
        <p className="mb-1">
          {t('ho.ordersOverdue')}
          {t('punct.colon')}
          <span className="tabular-nums" data-testid="ho-orders-overdue">
            {summary.ordersOverdue}
          </span>
        </p>
        <ul className="space-y-0.5">
          {summary.orderList.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-x-2">
              <span>{t('wo.orderNo', { id: o.id })}</span>
              <OrderStatusBadge status={o.status as OrderStatus} overdue={o.overdue} level={o.level} />
              <span translate="no">{o.assigneeName ?? '--'}</span>
              <span className="tabular-nums text-muted">
                {t('wo.dueAt')} {time(o.dueAt)}
              </span>
            </li>
          ))}
        </ul>
        <More shown={summary.orderList.length} total={summary.ordersOpen} />
      </Part>
      <Part title={t('ho.devicesOffline')} count={summary.devicesOffline} testId="ho-offline">
        <ul className="flex flex-wrap gap-x-4 gap-y-0.5">
          {summary.offlineList.map((d) => (
            <li key={d.id} translate="no">
              {d.projectName ? `${d.projectName} · ` : ''}
              {d.name}
            </li>
          ))}
        </ul>
        <More shown={summary.offlineList.length} total={summary.devicesOffline} />
      </Part>
    </div>
  );
}
