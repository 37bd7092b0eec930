import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { t, useLanguage } from '../i18n/i18n';
import { useOptionalRealtime, type Realtime } from './RealtimeContext';
import { probeSound, unlockSound, useSoundBlocked } from './alarmSound';
import { SoundOffIcon } from '../ui/icons';
import { alarmColourVar, alarmOnColourVar } from '../../../domain/alarmLanguage';

/**
 * A browser that blocks audio would keep every alarm silent: while it does (and the sound is wanted) a
 * bar across the screen, in the weight of a 事故, says so on every screen — consoles and walls. It is a
 * bar in the layout, never over tiles or figures (issue 30), and its click only enables the sound: it
 * stays in place until its own click has ended, so the click never lands on what moves up after it.
 */
export function SoundBar() {
  const realtime = useOptionalRealtime();
  return realtime ? <SoundBarOf realtime={realtime} /> : null;
}

function SoundBarOf({ realtime }: { realtime: Realtime }) {
  useLanguage();
  const soundOn = useSelector(realtime.notifications, (s) => s.context.soundOn);
  const blocked = useSoundBlocked();
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    void probeSound();
  }, []);
  if (!soundOn || (!blocked && !pressed)) return null;
  return (
    <button
      type="button"
      data-testid="sound-prompt"
      onPointerDown={() => setPressed(true)}
      onClick={() => {
        void unlockSound();
        setPressed(false);
      }}
      className="flex w-full shrink-0 items-center justify-center gap-[0.5em] py-[0.35em] text-[max(16px,2.2vh)] font-bold"
      style={{ background: alarmColourVar('accident'), color: alarmOnColourVar('accident') }}
    >
      <SoundOffIcon width="1.2em" height="1.2em" />
      {t('kiosk.enableSound')}
    </button>
  );
}
