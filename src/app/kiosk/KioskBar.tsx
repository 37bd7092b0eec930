import { useSelector } from '@xstate/react';
import { EVENT_LEVEL } from '../../../domain/enums';
import { t, useLanguage } from '../i18n/i18n';
import { useOptionalRealtime } from '../realtime/RealtimeContext';
import { useSoundBlocked, useSoundPlays, useSoundPlaysOf } from '../realtime/alarmSound';
import { SoundOffIcon, SoundOnIcon } from '../ui/icons';
import type { Realtime } from '../realtime/RealtimeContext';

function SoundState({ realtime }: { realtime: Realtime }) {
  const soundOn = useSelector(realtime.notifications, (s) => s.context.soundOn);
  // the 事故 messages the wall still holds: while any is there it sounds again every 30 s (useAccidentRepeat)
  const accidents = useSelector(realtime.notifications, (s) => s.context.items.filter((n) => n.level === EVENT_LEVEL.ACCIDENT).length);
  const blocked = useSoundBlocked();
  const plays = useSoundPlays();
  const repeats = useSoundPlaysOf('repeat');
  const state = !soundOn ? 'off' : blocked ? 'blocked' : 'on';
  return (
    <span
      className={`inline-flex items-center gap-[0.3em] rounded px-[0.4em] ${state === 'on' ? 'opacity-80' : 'font-semibold'}`}
      style={state === 'on' ? undefined : { background: 'var(--vg-state-alarm)', color: 'var(--vg-state-alarm-on)' }}
      data-testid="kiosk-sound"
      data-sound={state}
      data-plays={plays}
      data-repeats={repeats}
      data-accidents={accidents}
    >
      {state === 'on' ? <SoundOnIcon width="1em" height="1em" /> : <SoundOffIcon width="1em" height="1em" />}
      {state === 'on' ? t('kiosk.soundOn') : state === 'off' ? t('kiosk.soundOff') : t('kiosk.soundBlocked')}
    </span>
  );
}

/** The kiosk's part of the title strip: rotation (and 继续轮播 after an alarm), sound on or off, full screen. */
export function KioskBar({
  rotating,
  paused,
  onResume,
  fullscreen,
  onFullscreen,
}: {
  rotating: boolean;
  paused: boolean;
  onResume: () => void;
  fullscreen: boolean;
  onFullscreen: () => void;
}) {
  useLanguage();
  const realtime = useOptionalRealtime();
  return (
    // in the title strip, on its header colours: the quiet states are dimmed text, not the muted grey
    <div className="flex shrink-0 items-center gap-[0.8em] text-[0.85em]" data-testid="kiosk-bar">
      {rotating &&
        (paused ? (
          <button
            type="button"
            onClick={onResume}
            data-testid="kiosk-resume"
            className="rounded bg-warn px-[0.5em] font-medium text-warn-ink"
          >
            {t('kiosk.paused')} · {t('kiosk.resume')}
          </button>
        ) : (
          <span className="opacity-80" data-testid="kiosk-rotating">
            {t('kiosk.rotating')}
          </span>
        ))}
      {realtime && <SoundState realtime={realtime} />}
      {!fullscreen && (
        <button type="button" onClick={onFullscreen} className="rounded px-[0.4em] opacity-80 hover:opacity-100">
          {t('kiosk.fullscreen')}
        </button>
      )}
    </div>
  );
}
