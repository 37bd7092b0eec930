import { alarmLabel, levelState, type AlarmStateKey } from '../../../domain/alarmLanguage';
import { currentLanguage, useLanguage } from '../i18n/i18n';
import { AlarmIcon } from './AlarmIcon';

/**
 * A state as every list, table and legend writes it: its shape in its colour, then its label in the
 * ink colour (the light 预警 yellow would not be readable as text on white); 事故 in bold.
 */
export function AlarmMark({
  state,
  size = '1.1em',
  className = '',
}: {
  state: AlarmStateKey | 'stale';
  size?: number | string;
  className?: string;
}) {
  useLanguage();
  return (
    <span
      className={`inline-flex items-center gap-1.5 ${state === 'accident' ? 'font-bold' : 'font-medium'} ${className}`}
      data-alarm-state={state}
    >
      <AlarmIcon state={state} size={size} />
      {alarmLabel(state, currentLanguage())}
    </span>
  );
}

/** The mark of an EVENT_LEVEL id. */
export function LevelMark({ level, size, className }: { level: number | null | undefined; size?: number | string; className?: string }) {
  return <AlarmMark state={levelState(level)} size={size} className={className} />;
}
