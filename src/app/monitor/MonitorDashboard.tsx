import { useState } from 'react';
import { Link } from 'wouter';
import { guardRoute } from '../../../domain/access';
import { formatTime } from '../time/projectTime';
import { USER_TYPE } from '../../../domain/enums';
import type { MonitorStatis, PlatformStatis } from '../../../domain/schemas/monitor';
import { t, useLanguage } from '../i18n/i18n';
import { useSession } from '../session/SessionContext';
import { ScreenFrame } from '../widgets/ScreenFrame';
import type { MonitorFilter, Variant } from './api';
import { Bars, type Bar } from './charts/Bars';
import { Donut } from './charts/Donut';
import { KpiCards } from './KpiCards';
import { ChinaMap } from './map/ChinaMap';
import { MonitorFilters } from './MonitorFilters';
import { levelState } from '../../../domain/alarmLanguage';
import { DEVICE_STATUS_COLOR, deviceStatusState, EVENT_LEVEL_COLOR, levelLabel, statusKey, typeKey } from './palette';
import { Panel } from './Panel';
import { ProjectList } from './ProjectList';
import { TenantList } from './TenantList';
import { useMonitorData } from './useMonitorData';
import { LoadError } from '../widgets/LoadError';
import { kioskConfig } from '../kiosk/kioskConfig';

const TYPE_COLOR = '#0ea5e9';
const isPlatformStatis = (s: MonitorStatis | undefined): s is PlatformStatis => !!s && 'tenants' in s;

/** Alarms by type or by level: today's count against the active ones, a bar each. */
function AlarmCountPanel({
  statis,
  list,
  title,
  testId,
  look,
}: {
  statis: MonitorStatis | undefined;
  list: 'byType' | 'byLevel';
  title: string;
  testId: string;
  look: (id: number) => Pick<Bar, 'label' | 'color' | 'state'>;
}) {
  const today = (id: number) => statis?.today[list].find((c) => c.id === id)?.count ?? 0;
  return (
    <Panel
      title={title}
      extra={
        <span className="text-xs text-muted">
          {t('monitor.today')} / {t('monitor.active')}
        </span>
      }
    >
      <Bars
        testId={testId}
        secondaryLabel={t('monitor.active')}
        bars={(statis?.active[list] ?? []).map((c) => ({ key: String(c.id), ...look(c.id), value: today(c.id), secondary: c.count }))}
      />
    </Panel>
  );
}

/**
 * The global monitoring dashboard shared by /home and /platform/monitor: headline figures, device
 * status and alarm charts, the project map and the project list. A click on a map marker or a list
 * row filters everything to that project.
 */
export function MonitorDashboard({ variant, title, testId }: { variant: Variant; title: string; testId: string }) {
  useLanguage();
  const { profile } = useSession();
  const pickEnterprise = !!profile && (profile.isRoot || profile.userType !== USER_TYPE.PROJECT);
  const [filter, setFilter] = useState<MonitorFilter>({});
  const data = useMonitorData(variant, filter);
  const s = data.statis;
  const visibleProjects = data.projects.filter((p) => filter.tenantId === undefined || p.tenantId === filter.tenantId);
  const unplaced = visibleProjects.length - data.coordinates.length;
  const selectProject = (projectId: number | undefined) => setFilter((f) => ({ ...f, projectId }));
  const kiosk = kioskConfig() !== null;
  const bigScreenOpen = !!profile && guardRoute({ path: '/bigScreen', hasToken: true, profile }).kind === 'allow';

  return (
    <ScreenFrame
      title={title}
      testId={testId}
      // A wall has nobody to use the filters: its room goes to the cards, the data time beside the title.
      aside={
        kiosk
          ? data.updatedAt && (
              <span className="text-sm text-muted" data-testid="monitor-updated">
                {t('monitor.updatedAt')} {formatTime(data.updatedAt, 'HH:mm:ss')}
              </span>
            )
          : // the 大屏 is a wall's screen, not a menu item: reached from here (and by a kiosk's rotation)
            bigScreenOpen && (
              <Link href="/bigScreen" className="text-sm text-brand hover:underline" data-testid="open-big-screen">
                {t('bigScreen.open')} →
              </Link>
            )
      }
      filters={
        !kiosk && (
          <MonitorFilters
            projects={data.projects}
            value={filter}
            onChange={setFilter}
            pickEnterprise={pickEnterprise}
            updatedAt={data.updatedAt}
          />
        )
      }
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3">
        {data.error && (
          <div className="rounded-lg border border-danger/40 bg-surface" data-testid="monitor-error">
            <LoadError error={data.error} onRetry={data.reload} className="py-3" />
          </div>
        )}
        <KpiCards statis={s} />
        <div className="grid min-h-0 flex-1 grid-cols-[20rem_minmax(0,1fr)_26rem] gap-3">
          {/* the cards keep their height (the column scrolls instead): no list runs out over the next card */}
          <div className="flex min-h-0 flex-col gap-3 overflow-auto [&>section]:shrink-0">
            <Panel title={t('monitor.devicesByStatus')}>
              <Donut
                testId="chart-status"
                total={s?.deviceCount ?? 0}
                totalLabel={t('monitor.devices')}
                slices={(s?.devicesByStatus ?? []).map((c) => ({
                  key: String(c.id),
                  label: t(statusKey(c.id)),
                  value: c.count,
                  color: DEVICE_STATUS_COLOR[c.id] ?? DEVICE_STATUS_COLOR[2]!,
                  state: deviceStatusState(c.id),
                }))}
              />
            </Panel>
            <AlarmCountPanel
              statis={s}
              list="byType"
              title={t('monitor.alarmsByType')}
              testId="chart-type"
              look={(id) => ({ label: t(typeKey(id)), color: TYPE_COLOR })}
            />
            <AlarmCountPanel
              statis={s}
              list="byLevel"
              title={t('monitor.alarmsByLevel')}
              testId="chart-level"
              look={(id) => ({ label: levelLabel(id), color: EVENT_LEVEL_COLOR[id] ?? TYPE_COLOR, state: levelState(id) })}
            />
          </div>
          <Panel
            title={t('monitor.map')}
            className="min-h-[24rem]"
            extra={
              unplaced > 0 ? (
                <span className="text-xs text-muted" data-testid="map-unplaced">
                  {unplaced} {t('monitor.unplaced')}
                </span>
              ) : undefined
            }
          >
            <ChinaMap coordinates={data.coordinates} selectedId={filter.projectId} onSelect={selectProject} />
          </Panel>
          <div className="flex min-h-0 flex-col gap-3">
            {isPlatformStatis(s) && variant === 'platform' && (
              <Panel title={t('monitor.enterpriseList')} className="max-h-[40%]">
                <TenantList tenants={s.tenants} selectedId={filter.tenantId} onSelect={(tenantId) => setFilter({ tenantId })} />
              </Panel>
            )}
            <Panel title={t('monitor.projectList')} className="flex-1">
              <ProjectList projects={visibleProjects} selectedId={filter.projectId} onSelect={selectProject} />
            </Panel>
          </div>
        </div>
      </div>
    </ScreenFrame>
  );
}
