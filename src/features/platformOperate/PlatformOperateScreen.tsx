import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '../../app/time/projectTime';
import type { OperateOverview, ProjectOpsRow, TenantRow } from '../../../domain/schemas/platform';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { toastSuccess } from '../../app/ui/toastStore';
import { ConfirmDialog } from '../../app/widgets/ConfirmDialog';
import { DataTable, type Column } from '../../app/widgets/table/DataTable';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { HealthBar, StatusBadge } from './cells';
import { ProjectDialog, TenantDialog } from './CreateDialogs';

type Toggle = { kind: 'tenant' | 'project'; id: number; name: string; status: number };

/** 状态 of a tenant or a project: its badge, ordered by the number. */
const statusColumn = <T extends { status: number }>(width: number): Column<T> => ({
  id: 'status',
  header: t('platformOperate.status'),
  value: (r) => r.status,
  cell: (r) => <StatusBadge status={r.status} />,
  width,
});

/** /platform/operate: every tenant and project with devices, communication, unconfirmed alarms and who serves it. */
export default function PlatformOperateScreen() {
  useLanguage();
  const overview = useQuery({
    queryKey: queryKeys.platformOverview(),
    queryFn: () => api.get<OperateOverview>('/wisdompower/v1/platform/operate/overview'),
  });
  const invalidate = useInvalidate();
  // a tenant or project created or switched: the overview, and the tenants and ledger other screens show
  const reload = () => [queryKeys.platformOverview(), queryKeys.directory.all, queryKeys.ledger.all].forEach(invalidate);
  const [creating, setCreating] = useState<'tenant' | 'project' | null>(null);
  const [toggle, setToggle] = useState<Toggle | null>(null);
  const tenants = overview.data?.tenants ?? [];
  const projects = overview.data?.projects ?? [];

  const tenantColumns = useMemo<Column<TenantRow>[]>(
    () => [
      { id: 'name', header: t('platformOperate.tenantName'), value: (r) => r.name },
      statusColumn(100),
      { id: 'projects', header: t('platformOperate.projectCount'), value: (r) => r.projectCount, width: 100 },
      { id: 'users', header: t('platformOperate.userCount'), value: (r) => r.userCount, width: 100 },
      { id: 'created', header: t('platformOperate.createdAt'), value: (r) => formatTime(r.createdAt, 'yyyy-MM-dd HH:mm'), width: 160 },
    ],
    [],
  );
  const projectColumns = useMemo<Column<ProjectOpsRow>[]>(
    () => [
      { id: 'name', header: t('platformOperate.projectName'), value: (r) => r.name },
      { id: 'tenant', header: t('platformOperate.tenant'), value: (r) => r.tenantName, width: 120 },
      { id: 'region', header: t('platformOperate.region'), value: (r) => r.region, width: 180 },
      statusColumn(90),
      { id: 'devices', header: t('platformOperate.devices'), value: (r) => r.deviceCount, width: 80 },
      {
        id: 'health',
        header: t('platformOperate.health'),
        value: (r) => `${r.onlineCount}/${r.deviceCount}`,
        cell: (r) => <HealthBar total={r.deviceCount} online={r.onlineCount} fault={r.faultCount} />,
        width: 230,
      },
      {
        id: 'alarms',
        header: t('platformOperate.unconfirmed'),
        value: (r) => r.unconfirmedAlarms,
        cell: (r) => <span className={r.unconfirmedAlarms ? 'font-medium text-danger' : 'text-muted'}>{r.unconfirmedAlarms}</span>,
        width: 110,
      },
      { id: 'servedBy', header: t('platformOperate.servedBy'), value: (r) => r.servedBy.map((s) => s.name).join(t('punct.listSeparator')) },
    ],
    [],
  );

  // What the tenant and the project tables share: the overview's read, 新建 in the kind's dialog, and
  // 停用/启用, each acting on the selected row only when it would change something.
  const opsTable = <T extends { id: number; name: string; status: number }>(kind: Toggle['kind']) => ({
    load: overview,
    getRowId: (r: T) => String(r.id),
    onCreate: () => setCreating(kind),
    rowActions: [
      {
        label: t('platformOperate.suspend'),
        run: (r: T) => r.status === 1 && setToggle({ kind, id: r.id, name: r.name, status: r.status }),
      },
      {
        label: t('platformOperate.resume'),
        run: (r: T) => r.status !== 1 && setToggle({ kind, id: r.id, name: r.name, status: r.status }),
      },
    ],
  });
  const applyToggle = async () => {
    if (!toggle) return;
    const next = toggle.status === 1 ? 0 : 1;
    setToggle(null);
    const res = await api.put(`/wisdompower/v1/platform/${toggle.kind}/${toggle.id}/status`, { status: next }).catch(() => null);
    if (res === null) return;
    toastSuccess(t('table.saveSuccess'));
    reload();
  };

  const summary = t('platformOperate.summary', {
    tenants: tenants.length,
    projects: projects.length,
    devices: projects.reduce((n, p) => n + p.deviceCount, 0),
    alarms: projects.reduce((n, p) => n + p.unconfirmedAlarms, 0),
  });

  return (
    <ScreenFrame title={t('route.platformOperate')} testId="platform-operate">
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-auto">
        <p className="text-sm text-muted" data-testid="operate-summary">
          {overview.data ? summary : t('app.loading')}
        </p>
        <section className="flex flex-col">
          <h2 className="mb-1 font-medium">{t('platformOperate.projects')}</h2>
          <DataTable testId="project-ops-table" columns={projectColumns} data={projects} {...opsTable<ProjectOpsRow>('project')} />
        </section>
        <section className="flex flex-col">
          <h2 className="mb-1 font-medium">{t('platformOperate.tenants')}</h2>
          <DataTable testId="tenant-table" columns={tenantColumns} data={tenants} {...opsTable<TenantRow>('tenant')} />
        </section>
      </div>
      <TenantDialog open={creating === 'tenant'} onClose={() => setCreating(null)} onSaved={() => (setCreating(null), reload())} />
      <ProjectDialog
        open={creating === 'project'}
        tenants={tenants}
        onClose={() => setCreating(null)}
        onSaved={() => (setCreating(null), reload())}
      />
      <ConfirmDialog
        open={!!toggle}
        text={
          toggle?.status === 1
            ? t('platformOperate.confirmSuspend', { name: toggle.name })
            : t('platformOperate.confirmResume', { name: toggle?.name ?? '' })
        }
        onConfirm={() => void applyToggle()}
        onCancel={() => setToggle(null)}
      />
    </ScreenFrame>
  );
}
