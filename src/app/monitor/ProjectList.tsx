import type { ProjectStatis } from '../../../domain/schemas/monitor';
import { t, useLanguage } from '../i18n/i18n';
import { alarmStateLabel } from './palette';
import { AlarmIcon } from '../alarm/AlarmIcon';

/**
 * Projects with their figures, worst first; a row click selects the project (the same filter as a
 * map click), clicking the selected row again clears it.
 */
export function ProjectList({
  projects,
  selectedId,
  onSelect,
}: {
  projects: ProjectStatis[];
  selectedId?: number | undefined;
  onSelect: (id: number | undefined) => void;
}) {
  useLanguage();
  const rows = [...projects].sort((a, b) => b.activeAlarms - a.activeAlarms || b.todayAlarms - a.todayAlarms || a.id - b.id);
  return (
    <div className="h-full overflow-auto" data-testid="project-list">
      <table className="w-full table-fixed text-sm">
        <colgroup>
          <col />
          <col className="w-12" />
          <col className="w-12" />
          <col className="w-12" />
          <col className="w-12" />
        </colgroup>
        <thead className="sticky top-0 bg-surface text-left text-xs text-muted">
          <tr>
            <th className="py-1.5 pr-2 font-normal">{t('monitor.project')}</th>
            <th className="px-1 text-right font-normal">{t('monitor.devices')}</th>
            <th className="px-1 text-right font-normal">{t('monitor.abnormal')}</th>
            <th className="px-1 text-right font-normal">{t('monitor.today')}</th>
            <th className="pl-1 text-right font-normal">{t('monitor.active')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => {
            const selected = p.id === selectedId;
            return (
              <tr
                key={p.id}
                data-testid="project-row"
                data-project-id={p.id}
                aria-selected={selected}
                className={`cursor-pointer border-t border-line ${selected ? 'bg-brand/10' : 'hover:bg-surface-2'}`}
                onClick={() => onSelect(selected ? undefined : p.id)}
              >
                <td className="max-w-0 py-1.5 pr-2">
                  <div className="flex items-center gap-1.5">
                    <AlarmIcon state={p.alarmState} size="1.1em" data-alarm-state={p.alarmState} title={alarmStateLabel(p.alarmState)} />
                    <span className={`truncate ${selected ? 'font-semibold' : ''}`} title={p.name}>
                      {p.name}
                    </span>
                  </div>
                  <div
                    className="truncate pl-4 text-xs text-muted"
                    title={`${p.tenantName} · ${p.provinceName}${p.cityName}${p.districtName}`}
                  >
                    {p.tenantName} · {p.cityName}
                    {p.districtName}
                  </div>
                </td>
                <td className="px-1 text-right tabular-nums">{p.deviceCount}</td>
                <td className={`px-1 text-right tabular-nums ${p.abnormalDevices ? 'text-danger' : ''}`}>{p.abnormalDevices}</td>
                <td className="px-1 text-right tabular-nums">{p.todayAlarms}</td>
                <td
                  className={`pl-1 text-right font-medium tabular-nums ${p.activeAlarms ? 'text-danger' : ''}`}
                  data-testid="project-active"
                >
                  {p.activeAlarms}
                </td>
              </tr>
            );
          })}
          {rows.length === 0 && (
            <tr>
              <td colSpan={5} className="py-6 text-center text-muted">
                {t('common.noData')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
