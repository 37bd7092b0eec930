import { useSyncExternalStore } from 'react';

/**
 * The alarm sound, synthesized with Web Audio so the console needs no audio file. Browsers refuse
 * audio until the user interacts with the page; `blocked` tells the bell to offer a one-click enable.
 */
const SOUND_KEY = 'vg.alarmSound';
let ctx: AudioContext | null = null;
let playing: { stop: () => void } | null = null;
let blocked = false;
/** how many times the alarm was asked to sound (the kiosk shows it, tests read it) */
let plays = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Spec: stored locally, 1 on, 2 off, default on. */
export function soundPreference(): boolean {
  return localStorage.getItem(SOUND_KEY) !== '2';
}
export function saveSoundPreference(on: boolean): void {
  localStorage.setItem(SOUND_KEY, on ? '1' : '2');
}

function createContext(): AudioContext | null {
  if (ctx) return ctx;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  ctx = new Ctor();
  return ctx;
}

// The audio context is made on the user's first gesture, not on the first alarm: browsers only let
// it run after a gesture anyway, and building it costs a long task right when an alarm arrives.
let gestureSeen = false;
if (typeof window !== 'undefined') {
  const onGesture = () => {
    gestureSeen = true;
    window.removeEventListener('pointerdown', onGesture, true);
    window.removeEventListener('keydown', onGesture, true);
    const c = createContext();
    void c?.resume().then(
      () => {
        blocked = c.state !== 'running';
        emit();
      },
      () => {},
    );
  };
  window.addEventListener('pointerdown', onGesture, true);
  window.addEventListener('keydown', onGesture, true);
}

function context(): AudioContext | null {
  return gestureSeen ? createContext() : ctx;
}

/** Call from a click: resumes the audio context the browser held back. */
export async function unlockSound(): Promise<boolean> {
  gestureSeen = true;
  const c = createContext();
  if (!c) return false;
  try {
    await c.resume();
  } catch {
    // stays blocked
  }
  blocked = c.state !== 'running';
  emit();
  return !blocked;
}

/**
 * Finds out at once whether the browser lets this page play sound (a wall display shows its 点击启用声音
 * prompt from the start, not after the first alarm went unheard). Browsers that block autoplay keep a
 * new context suspended and never settle its resume() without a gesture, hence the time limit.
 */
export async function probeSound(waitMs = 500): Promise<boolean> {
  const c = createContext();
  if (!c) return false;
  if (c.state !== 'running') {
    let timer: number | undefined;
    await Promise.race([
      c.resume().catch(() => {}),
      new Promise<void>((resolve) => {
        timer = window.setTimeout(resolve, waitMs);
      }),
    ]);
    window.clearTimeout(timer);
  }
  blocked = c.state !== 'running';
  emit();
  return !blocked;
}

/**
 * Why the sound plays: a new alarm, the repeat of an unconfirmed 事故 on a wall, or an escalation.
 * Counted apart so a wall (and a test) can tell a repeat from one more alarm arriving.
 */
export type AlarmSoundKind = 'alarm' | 'repeat' | 'escalation';
const playsOf: Record<AlarmSoundKind, number> = { alarm: 0, repeat: 0, escalation: 0 };

/**
 * Three two-tone beeps (about 2.4 s), replacing any sound still playing. The escalation sound (issue
 * 19) is three times the volume, higher and faster, so it is not taken for one more alarm.
 */
export function playAlarm(kind: AlarmSoundKind = 'alarm'): void {
  const loud = kind === 'escalation';
  stopAlarm();
  plays++;
  playsOf[kind]++;
  emit();
  const c = context();
  if (!c) {
    // no gesture yet: offer the one-click enable instead of failing silently
    if (!blocked) {
      blocked = true;
      emit();
    }
    return;
  }
  if (c.state !== 'running') {
    // Without a user gesture the browser keeps the context suspended: say so instead of failing silently.
    void c.resume().then(
      () => {
        blocked = c.state !== 'running';
        emit();
      },
      () => {},
    );
    blocked = true;
    emit();
    return;
  }
  const gain = c.createGain();
  gain.gain.value = loud ? 0.45 : 0.15;
  gain.connect(c.destination);
  const osc = c.createOscillator();
  osc.type = 'square';
  const t0 = c.currentTime;
  const step = loud ? 0.25 : 0.4;
  const steps = loud ? 12 : 6;
  for (let i = 0; i < steps; i++) osc.frequency.setValueAtTime(loud ? (i % 2 ? 880 : 1320) : i % 2 ? 660 : 880, t0 + i * step);
  osc.connect(gain);
  osc.start(t0);
  osc.stop(t0 + steps * step);
  playing = {
    stop: () => {
      try {
        osc.stop();
      } catch {
        // already stopped
      }
      gain.disconnect();
    },
  };
  osc.onended = () => {
    playing = null;
  };
}

export function stopAlarm(): void {
  playing?.stop();
  playing = null;
}

export function useSoundPlays(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => plays,
  );
}

/** How many times the sound played for this reason (the kiosk bar and the banner show it, tests read it). */
export function useSoundPlaysOf(kind: AlarmSoundKind): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => playsOf[kind],
  );
}

export function useSoundBlocked(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => blocked,
  );
}
