import type { MonitorStatis } from '../../../domain/schemas/monitor';
import { t, useLanguage, type MessageKey } from '../i18n/i18n';

interface Kpi {
  id: string;
  label: MessageKey;
  value: number | undefined;
  tone?: 'danger' | 'warn' | 'ok';
  sub?: string | undefined;
}

const TONE = { danger: 'text-danger', warn: 'text-warn', ok: 'text-ok' } as const;

/** The headline figures of the scope; `--` until the first answer arrives. */
export function KpiCards({ statis }: { statis: MonitorStatis | undefined }) {
  useLanguage();
  const s = statis;
  const kpis: Kpi[] = [
    { id: 'projects', label: 'monitor.projectCount', value: s?.projectCount },
    { id: 'devices', label: 'monitor.deviceCount', value: s?.deviceCount },
    { id: 'normal', label: 'monitor.normalDevices', value: s?.normalDevices, tone: 'ok' },
    { id: 'abnormal', label: 'monitor.abnormalDevices', value: s?.abnormalDevices, tone: s?.abnormalDevices ? 'danger' : undefined },
    {
      id: 'today',
      label: 'monitor.todayAlarms',
      value: s?.today.total,
      tone: s?.today.total ? 'warn' : undefined,
      sub: s && `${t('monitor.unconfirmed')} ${s.today.unconfirmed}`,
    },
    {
      id: 'active',
      label: 'monitor.activeAlarms',
      value: s?.active.total,
      tone: s?.active.total ? 'danger' : undefined,
      sub: s && `${t('monitor.unconfirmed')} ${s.active.unconfirmed}`,
    },
  ];
  return (
    <div className="grid grid-cols-3 gap-3 xl:grid-cols-6" data-testid="monitor-kpis">
      {kpis.map((k) => (
        <div key={k.id} className="rounded-lg border border-line bg-surface px-4 py-3" data-testid={`kpi-${k.id}`}>
          <div className="text-sm text-muted">{t(k.label)}</div>
          <div className="mt-1 flex items-baseline gap-2">
            <span className={`text-3xl font-semibold tabular-nums ${k.tone ? TONE[k.tone] : ''}`} data-value={k.value ?? ''}>
              {k.value ?? '--'}
            </span>
            {k.sub && <span className="text-xs text-muted">{k.sub}</span>}
          </div>
        </div>
      ))}
    </div>
  );
}
