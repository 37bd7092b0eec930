import { formatTime } from '../time/projectTime';
import type { ProjectStatis } from '../../../domain/schemas/monitor';
import { t, useLanguage } from '../i18n/i18n';
import { SelectField } from '../widgets/SelectField';
import type { MonitorFilter } from './api';

/**
 * Enterprise and project pickers (spec §6: platform and service users choose a project or enterprise;
 * a project user only chooses among its own tenant's projects). Options come from the visible projects.
 */
export function MonitorFilters({
  projects,
  value,
  onChange,
  pickEnterprise,
  updatedAt,
}: {
  projects: ProjectStatis[];
  value: MonitorFilter;
  onChange: (f: MonitorFilter) => void;
  pickEnterprise: boolean;
  updatedAt?: number | undefined;
}) {
  useLanguage();
  const enterprises = [...new Map(projects.map((p) => [p.tenantId, p.tenantName]))].map(([id, name]) => ({
    value: String(id),
    label: name,
  }));
  const projectOptions = projects
    .filter((p) => value.tenantId === undefined || p.tenantId === value.tenantId)
    .map((p) => ({ value: String(p.id), label: p.name }));
  const num = (v: string) => (v === '' ? undefined : Number(v));
  return (
    <div className="flex w-full flex-wrap items-end gap-3" data-testid="monitor-filters">
      {pickEnterprise && (
        <SelectField
          className="w-56"
          name="enterprise"
          label={t('monitor.enterprise')}
          placeholder={t('monitor.allEnterprises')}
          options={enterprises}
          value={value.tenantId === undefined ? '' : String(value.tenantId)}
          onChange={(v) => onChange({ tenantId: num(v), projectId: undefined })}
        />
      )}
      <SelectField
        className="w-56"
        name="project"
        label={t('monitor.project')}
        placeholder={t('monitor.allProjects')}
        options={projectOptions}
        value={value.projectId === undefined ? '' : String(value.projectId)}
        onChange={(v) => onChange({ ...value, projectId: num(v) })}
      />
      {(value.tenantId !== undefined || value.projectId !== undefined) && (
        <button
          type="button"
          className="mb-3 rounded border border-line px-3 py-1.5 text-sm hover:border-brand hover:text-brand"
          onClick={() => onChange({})}
        >
          {t('monitor.clearFilter')}
        </button>
      )}
      {updatedAt && (
        <span className="mb-4 ml-auto text-xs text-muted" data-testid="monitor-updated">
          {t('monitor.updatedAt')} {formatTime(updatedAt, 'HH:mm:ss')}
        </span>
      )}
    </div>
  );
}
