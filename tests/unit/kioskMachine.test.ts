import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { kioskMachine } from '../../machines/kioskMachine';

function start(screens = ['/realTime', '/home', '/alarmEvent']) {
  const shown: string[] = [];
  const actor = createActor(kioskMachine.provide({ actions: { show: (_, p) => void shown.push(p.path) } }), {
    input: { screens, intervalMs: 60_000, holdMs: 30_000 },
  }).start();
  return { actor, shown };
}
const alarm = { type: 'ALARM', accident: false } as const;
const accident = { type: 'ALARM', accident: true } as const;

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
    expect(actor.getSnapshot().value).toEqual({ rotating: 'open' });
  });

  it('a 报警 holds the wall for the hold time, and a later one does not extend it', () => {
    const { actor, shown } = start();
    vi.advanceTimersByTime(50_000);
    actor.send(alarm);
    expect(actor.getSnapshot().value).toBe('holding');
    vi.advanceTimersByTime(20_000);
    actor.send(alarm);
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'settling' });
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(shown).toEqual(['/home']);
  });

  it('a stream of alarms every second never pins the wall: each screen is held, then the rotation turns', () => {
    const { actor, shown } = start();
    for (let s = 0; s < 600; s++) {
      actor.send(alarm);
      vi.advanceTimersByTime(1000);
    }
    // every 90 s (a 30 s hold, then a whole 60 s turn in which a 报警 does not hold the wall) the next screen
    expect(shown).toEqual(['/home', '/alarmEvent', '/realTime', '/home', '/alarmEvent', '/realTime']);
  });

  it('an unconfirmed 事故 holds the wall until it is confirmed, even through a hold', () => {
    const { actor, shown } = start();
    actor.send(alarm);
    actor.send(accident);
    expect(actor.getSnapshot().value).toBe('accident');
    vi.advanceTimersByTime(600_000);
    expect(shown).toEqual([]);
    actor.send({ type: 'ACCIDENTS_CONFIRMED' });
    expect(actor.getSnapshot().value).toEqual({ rotating: 'settling' });
    vi.advanceTimersByTime(60_000);
    expect(shown).toEqual(['/home']);
  });

  it('a 事故 holds the wall even right after a hold', () => {
    const { actor } = start();
    actor.send(alarm);
    vi.advanceTimersByTime(30_000);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'settling' });
    actor.send(alarm);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'settling' });
    actor.send(accident);
    expect(actor.getSnapshot().value).toBe('accident');
  });

  it('RESUME goes on rotating at once', () => {
    const { actor } = start();
    actor.send(accident);
    actor.send({ type: 'RESUME' });
    expect(actor.getSnapshot().value).toEqual({ rotating: 'settling' });
    actor.send(alarm);
    actor.send({ type: 'RESUME' });
    expect(actor.getSnapshot().value).toEqual({ rotating: 'settling' });
  });

  it('a single screen never rotates, and a 报警 has nothing to hold', () => {
    const { actor, shown } = start(['/realTime']);
    actor.send(alarm);
    expect(actor.getSnapshot().value).toEqual({ rotating: 'open' });
    vi.advanceTimersByTime(600_000);
    expect(shown).toEqual([]);
  });
});
