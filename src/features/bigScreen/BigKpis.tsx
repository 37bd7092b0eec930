import type { ReactNode } from 'react';
import type { BigScreenKpis } from '../../../domain/schemas/bigScreen';
import { levelState } from '../../../domain/alarmLanguage';
import { AlarmIcon } from '../../app/alarm/AlarmIcon';
import { levelLabel } from '../../app/monitor/palette';
import { durationText } from '../../app/i18n/durationText';
import { t, useLanguage, type MessageKey } from '../../app/i18n/i18n';
import { fitFontSize } from './fitText';

function Card({
  id,
  label,
  value,
  shown,
  sub,
}: {
  id: string;
  label: MessageKey;
  value: number | null | undefined;
  shown: string;
  sub?: ReactNode;
}) {
  return (
    <div
      className="@container flex min-w-0 flex-col justify-between overflow-hidden rounded-lg border border-line bg-surface px-[0.7rem] py-[0.35rem]"
      data-testid={`bs-kpi-${id}`}
    >
      <div className="line-clamp-2 text-[1rem] leading-tight text-muted">{t(label)}</div>
      {/* one line, smaller when it must be: a second line would take its height from the rankings */}
      <span
        className="leading-tight font-semibold whitespace-nowrap tabular-nums"
        style={{ fontSize: fitFontSize(shown, 2.2) }}
        data-value={value ?? ''}
      >
        {shown}
      </span>
      {/* under the figure, never squeezed beside it: 100.0% leaves no room on a narrow card */}
      {sub && <span className="truncate text-[0.95rem] leading-tight text-muted">{sub}</span>}
    </div>
  );
}

/**
 * The headline figures of the 大屏 (issue 30): devices, the online rate, today's alarms by level in the
 * alarm language, the unconfirmed queue, open work orders and today's mean time to confirm. `--` until
 * the first answer; each card carries its figure in data-value (the e2e compares it with the API).
 */
export function BigKpis({ kpis }: { kpis: BigScreenKpis | undefined }) {
  useLanguage();
  const k = kpis;
  const none = t('bigScreen.noValue');
  return (
    <div
      className="grid shrink-0 grid-cols-[repeat(2,minmax(0,1fr))_minmax(0,2.5fr)_repeat(3,minmax(0,1fr))] gap-[0.6rem]"
      data-testid="bs-kpis"
    >
      <Card
        id="devices"
        label="bigScreen.devices"
        value={k?.devices}
        shown={k ? String(k.devices) : '--'}
        sub={k && t('bigScreen.projects', { n: k.projects })}
      />
      <Card
        id="online"
        label="bigScreen.onlineRate"
        value={k?.onlineRate}
        shown={!k ? '--' : k.onlineRate === null ? none : `${(k.onlineRate * 100).toFixed(1)}%`}
        sub={k && t('bigScreen.online', { n: k.online })}
      />
      <div
        className="flex min-w-0 flex-col justify-between overflow-hidden rounded-lg border border-line bg-surface px-[0.7rem] py-[0.35rem]"
        data-testid="bs-kpi-today"
      >
        <div className="line-clamp-2 text-[1rem] leading-tight text-muted">{t('bigScreen.todayAlarms')}</div>
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-[0.9rem]">
          <span className="text-[2.2rem] leading-tight font-semibold tabular-nums" data-value={k?.todayTotal ?? ''}>
            {k ? k.todayTotal : '--'}
          </span>
          {(k?.todayByLevel ?? []).map((c) => (
            <span
              key={c.id}
              className={`inline-flex min-w-0 items-center gap-[0.3em] text-[1.15rem] whitespace-nowrap ${c.id === 1 ? 'font-bold' : 'font-medium'}`}
              data-testid={`bs-kpi-level-${c.id}`}
              data-value={c.count}
            >
              <AlarmIcon state={levelState(c.id)} size="1.1em" />
              {levelLabel(c.id)}
              <b className="tabular-nums">{c.count}</b>
            </span>
          ))}
        </div>
      </div>
      <Card id="unconfirmed" label="bigScreen.unconfirmed" value={k?.unconfirmed} shown={k ? String(k.unconfirmed) : '--'} />
      <Card id="workorders" label="bigScreen.openWorkOrders" value={k?.openWorkOrders} shown={k ? String(k.openWorkOrders) : '--'} />
      <Card
        id="mtta"
        label="bigScreen.mtta"
        value={k?.mttaMs}
        shown={!k ? '--' : k.mttaMs === null ? none : durationText(Math.round(k.mttaMs / 1000))}
      />
    </div>
  );
}
