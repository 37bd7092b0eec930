import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { kioskMachine } from '../../machines/kioskMachine';

function start(screens = ['/realTime', '/home', '/alarmEvent']) {
  const shown: string[] = [];
  const actor = createActor(kioskMachine.provide({ actions: { show: (_, p) => void shown.push(p.path) } }), {
    input: { screens, intervalMs: 60_000, pauseMs: 60_000 },
  }).start();
  return { actor, shown };
}

describe('kiosk machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rotates through the screens in order, wrapping around', () => {
    const { actor, shown } = start();
    vi.advanceTimersByTime(59_999);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual(['/home']);
    vi.advanceTimersByTime(120_000);
    expect(shown).toEqual(['/home', '/alarmEvent', '/realTime']);
    expect(actor.getSnapshot().value).toBe('rotating');
  });

  it('a new alarm stops the rotation; it resumes after the pause, and a later alarm restarts the wait', () => {
    const { actor, shown } = start();
    vi.advanceTimersByTime(30_000);
    actor.send({ type: 'ALARM' });
    expect(actor.getSnapshot().value).toBe('paused');
    vi.advanceTimersByTime(50_000);
    actor.send({ type: 'ALARM' });
    vi.advanceTimersByTime(50_000);
    expect(shown).toEqual([]);
    expect(actor.getSnapshot().value).toBe('paused');
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().value).toBe('rotating');
    vi.advanceTimersByTime(60_000);
    expect(shown).toEqual(['/home']);
  });

  it('RESUME restarts the rotation at once', () => {
    const { actor } = start();
    actor.send({ type: 'ALARM' });
    actor.send({ type: 'RESUME' });
    expect(actor.getSnapshot().value).toBe('rotating');
  });

  it('a single screen never rotates', () => {
    const { shown } = start(['/realTime']);
    vi.advanceTimersByTime(600_000);
    expect(shown).toEqual([]);
  });
});
