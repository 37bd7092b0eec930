import { t, useLanguage } from '../../app/i18n/i18n';
import { kioskConfig } from '../../app/kiosk/kioskConfig';
import { TitleStrip } from '../../app/kiosk/TitleStrip';
import { ChinaMap } from '../../app/monitor/map/ChinaMap';
import { LoadError } from '../../app/widgets/LoadError';
import { AlarmTicker } from './AlarmTicker';
import { AlarmTrend } from './AlarmTrend';
import { BigKpis } from './BigKpis';
import { BigPanel } from './BigPanel';
import { RankList } from './RankList';
import { useBigScreenData } from './useBigScreenData';

const ignoreSelect = () => {};

/**
 * /bigScreen, the 大屏 overview for walls and kiosks (issue 30): headline figures, the 7- and 30-day
 * alarm trend by level, the top 10 devices and projects by alarms, the map zoomed to the projects'
 * extent with blinking markers while an alarm is active, and a live-alarm ticker. Sized in rem: on a
 * kiosk the root grows with the screen (styles.css), so it reads from three metres at 1920×1080 and
 * 3840×2160; the grid's rows and columns share the screen, so nothing overlaps at 1366×768.
 */
export default function BigScreenScreen() {
  useLanguage();
  const kiosk = kioskConfig() !== null;
  const view = useBigScreenData();
  const d = view.data;
  return (
    <div className={`flex flex-col ${kiosk ? 'h-full min-h-0' : 'min-h-full'}`} data-testid="big-screen">
      <h1 className="sr-only">{t('route.bigScreen')}</h1>
      {/* a kiosk's frame carries the title strip on every screen; in the console the 大屏 brings its own */}
      {!kiosk && <TitleStrip title={t('route.bigScreen')} />}
      <div className="flex min-h-0 flex-1 flex-col gap-[0.6rem] p-[0.6rem]">
        {view.error && !d && (
          <div className="rounded-lg border border-danger/40 bg-surface">
            <LoadError error={view.error} onRetry={view.reload} className="py-3" />
          </div>
        )}
        <BigKpis kpis={d?.kpis} />
        {/* a wall gives the middle what the screen has; a console keeps it tall enough for ten ranks a list and scrolls */}
        <div
          className={`grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)_minmax(0,1fr)] gap-[0.6rem] ${kiosk ? '' : 'min-h-[34rem]'}`}
        >
          <div className="grid min-h-0 grid-rows-2 gap-[0.6rem]">
            <BigPanel title={t('bigScreen.trend')} testId="bs-trend">
              <AlarmTrend trend={d?.trend} turn={kiosk} />
            </BigPanel>
            <BigPanel title={t('bigScreen.topProjects')} testId="bs-top-projects">
              <RankList rows={d?.topProjects.map((p) => ({ key: p.projectId, name: p.name, count: p.count }))} testId="bs-rank-projects" />
            </BigPanel>
          </div>
          <BigPanel title={t('monitor.map')} testId="bs-map">
            <ChinaMap coordinates={view.coordinates} onSelect={ignoreSelect} fit blink />
          </BigPanel>
          <BigPanel title={t('bigScreen.topDevices')} testId="bs-top-devices">
            <RankList
              rows={d?.topDevices.map((r) => ({ key: r.deviceId, name: r.name, sub: `${r.projectName} ${r.code}`, count: r.count }))}
              testId="bs-rank-devices"
            />
          </BigPanel>
        </div>
        <section
          className="flex h-[2.6rem] shrink-0 items-center gap-[0.8rem] rounded-lg border border-line bg-surface px-[0.7rem]"
          data-testid="bs-ticker"
          aria-label={t('bigScreen.ticker')}
        >
          <h2 className="shrink-0 text-[1.05rem] font-semibold">{t('bigScreen.ticker')}</h2>
          <div className="min-w-0 flex-1 self-stretch">
            <AlarmTicker recent={d?.recent} />
          </div>
        </section>
      </div>
    </div>
  );
}
