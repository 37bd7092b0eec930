import type { ProjectStatis } from '../../../domain/schemas/monitor';
import { t, useLanguage } from '../i18n/i18n';
import { alarmStateLabel } from './palette';
import { AlarmIcon } from '../alarm/AlarmIcon';
import { FiguresTable } from './FiguresTable';

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
    <FiguresTable
      testId="project-list"
      rows={rows}
      selectedId={selectedId}
      onSelect={onSelect}
      nameHead={t('monitor.project')}
      nameCell={(p, selected) => (
        <td className="max-w-0 py-1.5 pr-2">
          <div className="flex items-center gap-1.5">
            <AlarmIcon state={p.alarmState} size="1.1em" data-alarm-state={p.alarmState} title={alarmStateLabel(p.alarmState)} />
            <span className={`truncate ${selected ? 'font-semibold' : ''}`} title={p.name}>
              {p.name}
            </span>
          </div>
          <div className="truncate pl-4 text-xs text-muted" title={`${p.tenantName} · ${p.provinceName}${p.cityName}${p.districtName}`}>
            {p.tenantName} · {p.cityName}
            {p.districtName}
          </div>
        </td>
      )}
      colClassName="w-12"
      headClassName="sticky top-0 bg-surface text-left text-xs text-muted"
      emptyText={t('common.noData')}
    />
  );
}
