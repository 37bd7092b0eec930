import type { ReactNode } from 'react';
import { formatTime } from '../../app/time/projectTime';
import { ALARM_STATES, alarmLabel, type AlarmStateKey } from '../../../domain/alarmLanguage';
import { AlarmIcon } from '../../app/alarm/AlarmIcon';
import { currentLanguage, t, useLanguage } from '../../app/i18n/i18n';
import { ageText } from '../../app/liveDevices/ageText';
import type { WallCounts } from '../../app/liveDevices/tileLook';
import { useNowAs } from '../../app/widgets/useNow';

function Count({ state, n }: { state: AlarmStateKey | 'stale'; n: number }) {
  // 事故 with a count is the loudest chip of the strip, like its tiles
  const solid = state === 'accident' && n > 0;
  return (
    <span
      className="inline-flex items-center gap-[0.3em] rounded-[0.25em] px-[0.35em] py-[0.05em] whitespace-nowrap"
      style={solid ? { background: 'var(--vg-state-accident)', color: 'var(--vg-state-accident-on)' } : undefined}
      data-count-state={state}
      data-count={n}
    >
      <AlarmIcon state={state} size="1em" />
      {alarmLabel(state, currentLanguage())}
      <b className="tabular-nums">{n}</b>
    </span>
  );
}

/**
 * The time of the newest reading, and how old it is once it is stale (two report intervals): on the
 * clock by itself, so the strip renders when these words change, not on every tick.
 */
function NewestReading({ newest, reportMs }: { newest: number | null; reportMs: number }) {
  const stale = useNowAs((now) => newest === null || now - newest > 2 * reportMs);
  const age = useNowAs((now) => (newest !== null && now - newest > 2 * reportMs ? ageText(now - newest) : ''));
  return (
    <span
      className="ml-auto inline-flex items-center gap-[0.4em] whitespace-nowrap"
      data-testid="wall-newest"
      data-stale={stale || undefined}
    >
      <span className="text-muted">{t('wall.newest')}</span>
      <b className="tabular-nums" data-testid="wall-newest-time">
        {newest === null ? '--' : formatTime(newest, 'HH:mm:ss')}
      </b>
      {age && (
        <span className="rounded px-[0.3em]" style={{ background: 'var(--vg-state-stale)', color: 'var(--vg-state-stale-on)' }}>
          {age}
        </span>
      )}
    </span>
  );
}

/** One step of the wall's pager: a glyph button named for screen readers by its label. */
function PageButton({ label, onClick, glyph }: { label: string; onClick: () => void; glyph: string }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} className="rounded border border-line px-[0.4em] hover:bg-surface-2">
      {glyph}
    </button>
  );
}

/**
 * The strip over the wall: how many devices are in each state and level, how many have stale data,
 * the time of the newest reading, the page, and (on a kiosk) whether the sound is on. Its text is at
 * least 16 px and grows with the screen.
 */
export function WallHeader({
  counts,
  reportMs,
  page,
  pages,
  onPrev,
  onNext,
  extra,
}: {
  counts: WallCounts;
  reportMs: number;
  page: number;
  pages: number;
  onPrev: () => void;
  onNext: () => void;
  extra?: ReactNode;
}) {
  useLanguage();
  return (
    <div
      className="flex flex-wrap items-center gap-x-[0.9em] gap-y-[0.2em] text-[max(16px,2vh)] leading-snug"
      data-testid="wall-legend"
      role="status"
    >
      <span className="text-muted">{t('wall.total', { count: counts.total })}</span>
      {ALARM_STATES.map((s) => (
        <Count key={s} state={s} n={counts.byState[s]} />
      ))}
      <Count state="stale" n={counts.stale} />
      <NewestReading newest={counts.newest} reportMs={reportMs} />
      {pages > 1 && (
        <span className="inline-flex items-center gap-[0.3em] whitespace-nowrap" data-testid="wall-pager" title={t('wall.pageKeys')}>
          <PageButton label={t('wall.prevPage')} onClick={onPrev} glyph="‹" />
          <span className="tabular-nums" data-testid="wall-page" data-page={page + 1} data-pages={pages}>
            {t('wall.page', { p: page + 1, n: pages })}
          </span>
          <PageButton label={t('wall.nextPage')} onClick={onNext} glyph="›" />
        </span>
      )}
      {extra}
    </div>
  );
}
