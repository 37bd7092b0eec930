import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { t, useLanguage } from '../i18n/i18n';
import type { Realtime } from '../realtime/RealtimeContext';
import { probeSound, unlockSound, useSoundBlocked } from '../realtime/alarmSound';
import { SoundOnIcon } from '../ui/icons';

/**
 * A wall whose browser blocks audio would stay silent through every alarm: the kiosk asks at start
 * and shows a large 点击启用声音 until a click (or key) unlocks the sound.
 */
export function SoundPrompt({ realtime }: { realtime: Realtime }) {
  useLanguage();
  const soundOn = useSelector(realtime.notifications, (s) => s.context.soundOn);
  const blocked = useSoundBlocked();
  useEffect(() => {
    void probeSound();
  }, []);
  if (!soundOn || !blocked) return null;
  return (
    <div className="fixed inset-x-0 top-[12vh] z-[48] flex justify-center">
      <button
        type="button"
        data-testid="sound-prompt"
        onClick={() => void unlockSound()}
        className="inline-flex items-center gap-[0.4em] rounded-[0.3em] border-[0.08em] px-[0.8em] py-[0.4em] text-[max(24px,4.5vh)] font-bold shadow-2xl"
        style={{ background: 'var(--vg-state-alarm)', color: 'var(--vg-state-alarm-on)', borderColor: 'var(--vg-state-alarm-on)' }}
      >
        <SoundOnIcon width="1em" height="1em" />
        {t('kiosk.enableSound')}
      </button>
    </div>
  );
}
