import { memo, useState } from 'react';
import { groupDevices, type FloodGroup } from '../../../domain/floodGroups';
import { formatTime, useProjectZone } from '../time/projectTime';
import { alarmLabel, levelState } from '../../../domain/alarmLanguage';
import type { Notice } from '../../../machines/notificationMachine';
import { currentLanguage, t, useLanguage } from '../i18n/i18n';
import { AlarmIcon } from '../alarm/AlarmIcon';
import { noticeTypeText } from './notices';
import { ConfirmAlarmsButton } from './ConfirmAlarmsButton';
import { BELL_ACTION, BELL_ROW } from './bellStyles';
import { BellAction } from './BellAction';
import { FloodDeviceRow, floodDeviceText } from './FloodDeviceRow';

/**
 * The text of a flood group, its type in the language in force: "3# 配电柜：剩余电流报警 ×27，最新 10:42:05"
 * for one device, "通信中断 ×40（12 台设备），最新 10:42:05" for a type across devices.
 */
export function floodGroupText(group: FloodGroup<Notice>): string {
  const common = { type: noticeTypeText(group.latest), n: group.count, time: formatTime(group.latest.time, 'HH:mm:ss') };
  return group.scope === 'type'
    ? t('bell.groupType', { ...common, devices: group.devices })
    : t('bell.group', { ...common, device: floodDeviceText(group.latest) });
}

/**
 * One bell row for a flood, with one confirmation for all of it (全部确认 confirms the alarm events,
 * 全部已读 only takes the messages off the bell). A type group unfolds into its devices, each with 查看,
 * so grouping never hides which devices are alarming.
 */
export const FloodGroupRow = memo(function FloodGroupRow({ group }: { group: FloodGroup<Notice> }) {
  useLanguage();
  useProjectZone();
  const [open, setOpen] = useState(false);
  const level = group.latest.level;
  return (
    <li className={BELL_ROW} data-testid="notice-group" data-scope={group.scope} data-count={group.count}>
      <div className="flex items-center gap-1.5 font-medium">
        {level !== null && <AlarmIcon state={levelState(level)} size="1.15em" title={alarmLabel(levelState(level), currentLanguage())} />}
        <span data-testid="notice-group-text">{floodGroupText(group)}</span>
      </div>
      {group.scope === 'type' && open && (
        <ul className="mt-1 max-h-44 divide-y divide-line overflow-y-auto rounded bg-surface-2 px-2" data-testid="notice-group-devices">
          {/* keyed by device: a device's row is updated in place when its newest alarm changes */}
          {groupDevices(group).map(({ device, latest, count }) => (
            <FloodDeviceRow key={device} latest={latest} count={count} />
          ))}
        </ul>
      )}
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-muted">
        <span className="min-w-0 truncate">
          {group.scope === 'device' ? (
            (group.latest.description.projectName ?? '--')
          ) : (
            <button
              type="button"
              aria-expanded={open}
              className="text-brand hover:underline"
              onClick={() => setOpen((o) => !o)}
              data-testid="notice-group-toggle"
            >
              {t(open ? 'bell.hideDevices' : 'bell.showDevices')}
            </button>
          )}
        </span>
        <span className="flex shrink-0 gap-1.5">
          {group.scope === 'device' && (
            <BellAction event={{ type: 'NOTICE.VIEW', id: group.latest.id }} testId="notice-group-view">
              {t('bell.view')}
            </BellAction>
          )}
          <ConfirmAlarmsButton notices={group.items} className={BELL_ACTION} testId="notice-group-confirm" />
          <BellAction event={{ type: 'NOTICE.READ_MANY', ids: group.ids }} testId="notice-group-read">
            {t('bell.readGroup')}
          </BellAction>
        </span>
      </div>
    </li>
  );
}, sameGroup);

/**
 * The bell groups its messages anew on every change, so a group is a new object each time: it is the
 * same row while its newest message and its count are (a message joins a group as its newest, and
 * leaves it only by being read, which changes the count).
 */
function sameGroup(a: { group: FloodGroup<Notice> }, b: { group: FloodGroup<Notice> }): boolean {
  return (
    a.group.key === b.group.key &&
    a.group.scope === b.group.scope &&
    a.group.latest === b.group.latest &&
    a.group.count === b.group.count &&
    a.group.devices === b.group.devices
  );
}
