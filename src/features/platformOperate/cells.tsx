import { t } from '../../app/i18n/i18n';

export function StatusBadge({ status }: { status: number }) {
  return status === 1 ? (
    <span className="rounded bg-emerald-500/15 px-2 py-0.5 text-xs text-emerald-700 dark:text-emerald-300">
      {t('platformOperate.active')}
    </span>
  ) : (
    <span className="rounded bg-slate-500/15 px-2 py-0.5 text-xs text-muted">{t('platform.suspended')}</span>
  );
}

/** Share of communicating devices as a bar, with online and faulty counts beside it. */
export function HealthBar({ total, online, fault }: { total: number; online: number; fault: number }) {
  const pct = total ? Math.round((online / total) * 100) : 0;
  return (
    <div className="flex items-center gap-2" title={`${pct}%`}>
      <div className="h-2 w-24 overflow-hidden rounded bg-line">
        <div className="h-full bg-emerald-500" style={{ width: `${pct}%` }} />
      </div>
      <span className="text-xs tabular-nums">{t('platformOperate.online', { n: online })}</span>
      {fault > 0 && <span className="text-xs tabular-nums text-danger">{t('platformOperate.fault', { n: fault })}</span>}
    </div>
  );
}
