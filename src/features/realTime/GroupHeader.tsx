import { memo } from 'react';
import { alarmLabel } from '../../../domain/alarmLanguage';
import { AlarmIcon } from '../../app/alarm/AlarmIcon';
import { currentLanguage, t } from '../../app/i18n/i18n';
import type { TileState } from '../../app/liveDevices/tileLook';
import type { TileGroup } from './tileGroups';

/** The states a header counts: the alarm levels always, no communication when there is some. */
const LEVELS: readonly TileState[] = ['accident', 'alarm', 'warning'];

/**
 * A project's header cell on the wall (issue 30): where the tiles after it are, how many devices it
 * has and how many are at each alarm level. Neutral (alarm colours belong to the states), with the
 * brand's bar on its edge; the size of a tile, so it pages with them. `continued` marks a group that
 * runs on from the page before.
 */
export const GroupHeader = memo(function GroupHeader({ group, continued }: { group: TileGroup; continued: boolean }) {
  const lang = currentLanguage();
  const shown: readonly TileState[] = group.byState.offline ? [...LEVELS, 'offline'] : LEVELS;
  return (
    <div
      className="flex h-full min-w-0 flex-col justify-between overflow-hidden rounded-[0.2em] border-[0.05em] border-l-[0.3em] border-line border-l-brand bg-surface-2 px-[0.3em] py-[0.15em] text-ink"
      data-testid="tile-group"
      data-project={group.projectId}
      data-continued={continued || undefined}
      title={group.name}
    >
      <div className="line-clamp-2 text-[0.62em] leading-tight font-bold" data-testid="tile-group-name">
        {group.name}
        {continued && ' …'}
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-x-[0.5em] text-[max(12px,0.5em)] leading-snug">
        <span className="text-muted">{t('wall.groupCount', { n: group.tiles.length })}</span>
        {shown.map((s) => (
          <span
            key={s}
            className={`inline-flex items-center gap-[0.2em] whitespace-nowrap ${s === 'accident' && group.byState[s] ? 'font-bold' : ''}`}
            data-count-state={s}
            data-count={group.byState[s]}
            title={alarmLabel(s, lang)}
          >
            <AlarmIcon state={s} size="1.1em" />
            <b className="tabular-nums">{group.byState[s]}</b>
          </span>
        ))}
      </div>
    </div>
  );
});
