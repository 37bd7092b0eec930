import type { FloodGroup } from '../../../domain/floodGroups';
import { formatTime } from '../time/projectTime';
import { alarmLabel, levelState } from '../../../domain/alarmLanguage';
import type { Notice } from '../../../machines/notificationMachine';
import { currentLanguage, t, useLanguage } from '../i18n/i18n';
import { AlarmIcon } from '../alarm/AlarmIcon';
import { useRealtime } from './RealtimeContext';

/** The text of a flood group: "3# 配电柜：剩余电流报警 ×27，最新 10:42:05". */
export function floodGroupText(group: FloodGroup<Notice>): string {
  return t('bell.group', {
    device: group.latest.description.deviceName ?? group.latest.description.deviceCode ?? '--',
    type: group.latest.logTypeName,
    n: group.count,
    time: formatTime(group.latest.time, 'HH:mm:ss'),
  });
}

/** One bell row for a flood of one device and alarm type, with one confirmation for all of it. */
export function FloodGroupRow({ group }: { group: FloodGroup<Notice> }) {
  useLanguage();
  const { notifications } = useRealtime();
  const level = group.latest.level;
  return (
    <li className="border-b border-line px-4 py-2 text-sm last:border-b-0" data-testid="notice-group" data-count={group.count}>
      <div className="flex items-center gap-1.5 font-medium">
        {level !== null && <AlarmIcon state={levelState(level)} size="1.15em" title={alarmLabel(levelState(level), currentLanguage())} />}
        <span data-testid="notice-group-text">{floodGroupText(group)}</span>
      </div>
      <div className="mt-0.5 flex items-center justify-between text-xs text-muted">
        <span>{group.latest.description.projectName ?? '--'}</span>
        <span className="flex gap-3">
          <button
            type="button"
            className="text-brand hover:underline"
            onClick={() => notifications.send({ type: 'NOTICE.VIEW', id: group.latest.id })}
            data-testid="notice-group-view"
          >
            {t('bell.view')}
          </button>
          <button
            type="button"
            className="text-brand hover:underline"
            onClick={() => notifications.send({ type: 'NOTICE.READ_MANY', ids: group.ids })}
            data-testid="notice-group-read"
          >
            {t('bell.readGroup')}
          </button>
        </span>
      </div>
    </li>
  );
}
