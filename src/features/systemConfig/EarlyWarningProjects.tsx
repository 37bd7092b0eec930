import type { SettingProjectDto } from '../../../domain/schemas/info';
import { t } from '../../app/i18n/i18n';
import { localizeMessage } from '../../app/i18n/domainText';
import { TableHead } from '../../app/ui/TableHead';

/** Per project: whether its series are watched and its own horizon in days ('' takes the tenant's). */
export interface ProjectEarlyWarning {
  on: boolean;
  days: string;
}

/**
 * 系统配置's early warning per project (issue 31): each project of the tenant switched on or off and
 * given a horizon of its own, or left at the tenant's (the placeholder shows it).
 */
export function EarlyWarningProjects({
  projects,
  value,
  defaultDays,
  onChange,
  error,
}: {
  projects: readonly SettingProjectDto[];
  value: ReadonlyMap<number, ProjectEarlyWarning>;
  defaultDays: string;
  onChange: (projectId: number, next: ProjectEarlyWarning) => void;
  error?: string | undefined;
}) {
  if (!projects.length) return null;
  return (
    <div className="col-span-3" data-testid="early-warning-projects">
      <table className="w-full text-sm">
        <TableHead
          className="text-left text-xs text-muted"
          cellClassName="font-normal"
          cells={[
            { label: t('system.earlyWarningProject'), className: 'py-1' },
            t('system.earlyWarningWatched'),
            t('system.earlyWarningHorizon'),
          ]}
        />
        <tbody>
          {projects.map((p) => {
            const v = value.get(p.id) ?? { on: true, days: '' };
            return (
              <tr key={p.id} className="border-t border-line" data-testid="early-warning-project" data-project={p.id}>
                <td className="py-1">{p.name}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('system.earlyWarningWatchedOf', { project: p.name })}
                    checked={v.on}
                    onChange={(e) => onChange(p.id, { ...v, on: e.target.checked })}
                  />
                </td>
                <td className="py-1">
                  <input
                    type="number"
                    min={1}
                    max={30}
                    aria-label={t('system.earlyWarningHorizonOf', { project: p.name })}
                    className="w-24 rounded border border-line bg-surface-2 px-2 py-0.5 disabled:opacity-50"
                    placeholder={t('system.earlyWarningDefaultDays', { days: defaultDays })}
                    disabled={!v.on}
                    value={v.days}
                    onChange={(e) => onChange(p.id, { ...v, days: e.target.value })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {error ? (
        <span className="mt-1 block text-xs text-danger" role="alert">
          {localizeMessage(error)}
        </span>
      ) : (
        <p className="mt-1 text-xs text-muted">{t('system.earlyWarningProjectsHint')}</p>
      )}
    </div>
  );
}

/** The saved settings as the table's rows. */
export function projectRows(
  off: readonly number[],
  horizons: readonly { projectId: number; days: number }[],
): Map<number, ProjectEarlyWarning> {
  const rows = new Map<number, ProjectEarlyWarning>();
  for (const id of off) rows.set(id, { on: false, days: '' });
  for (const h of horizons) rows.set(h.projectId, { on: rows.get(h.projectId)?.on ?? true, days: String(h.days) });
  return rows;
}

/** The table's rows as the settings saved: the projects switched off, and the horizons typed (a number or what was typed, for the schema to judge). */
export function projectSettings(rows: ReadonlyMap<number, ProjectEarlyWarning>): {
  earlyWarningOffProjects: number[];
  earlyWarningProjectHorizons: { projectId: number; days: number }[];
} {
  const off: number[] = [];
  const horizons: { projectId: number; days: number }[] = [];
  for (const [projectId, r] of rows) {
    if (!r.on) off.push(projectId);
    // a project switched off keeps the horizon typed for when it is switched on again
    if (r.days.trim() !== '') horizons.push({ projectId, days: Number(r.days) });
  }
  return { earlyWarningOffProjects: off, earlyWarningProjectHorizons: horizons };
}
