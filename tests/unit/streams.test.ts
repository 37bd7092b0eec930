import { afterEach, describe, expect, it, vi } from 'vitest';
import { BehaviorSubject, NEVER, Observable, ReplaySubject, Subject, concat, from, map, of } from 'rxjs';
import { TestScheduler, type RunHelpers } from 'rxjs/testing';
import { AnimationFrameScheduler } from 'rxjs/internal/scheduler/AnimationFrameScheduler';
import { AnimationFrameAction } from 'rxjs/internal/scheduler/AnimationFrameAction';
import { coalescePerFrame } from '../../streams/coalesce';
import { keyedState } from '../../streams/keyedState';
import { BELL_LIMIT, alarmStream, deviceStatusStream, raisedAlarmStream, type PushedMessage } from '../../streams/alarmStreams';

/**
 * The streams under RxJS's TestScheduler: `animate` says when the browser paints a frame, virtual
 * time drives the timers, marbles say what comes out when.
 */
function run(test: (helpers: RunHelpers, scheduler: AnimationFrameScheduler) => void): void {
  // A frame scheduler of its own per test: a frame still pending when a run ends would otherwise
  // stay "requested" in the shared animationFrameScheduler and starve the next test.
  const frames = new AnimationFrameScheduler(AnimationFrameAction);
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected)).run((helpers) => test(helpers, frames));
}

const msg = (seq: number, kind: string, deviceId: number, payload: unknown = {}): PushedMessage => ({
  seq,
  kind,
  time: seq * 1000,
  description: { deviceId },
  payload,
});

describe('coalescePerFrame', () => {
  it('emits what arrived between two frames as one batch, in arrival order', () => {
    run(({ hot, animate, expectObservable }, scheduler) => {
      animate('     ---x---x-----x');
      const source = hot('-ab-c-------d');
      expectObservable(source.pipe(coalescePerFrame({ scheduler }))).toBe('---x---y-----z', { x: ['a', 'b'], y: ['c'], z: ['d'] });
    });
  });

  it('a thousand values in one frame are one batch', () => {
    run(({ animate, expectObservable }, scheduler) => {
      animate('-x');
      const burst = concat(from(Array.from({ length: 1000 }, (_, i) => i)), NEVER);
      expectObservable(burst.pipe(coalescePerFrame({ scheduler })).pipe(map((b) => b.length))).toBe('-n', { n: 1000 });
    });
  });

  it('a source that emits while it is being subscribed is taken (the old operator used its subscription before it existed)', () => {
    run(({ animate, expectObservable }, scheduler) => {
      animate('--x');
      const replaying = new ReplaySubject<number>();
      replaying.next(1);
      replaying.next(2);
      expectObservable(replaying.pipe(coalescePerFrame({ scheduler }))).toBe('--x', { x: [1, 2] });
    });
  });

  it('with a key, values of the same key replace each other: the latest wins, in the order of the latest', () => {
    run(({ hot, animate, expectObservable }, scheduler) => {
      animate('    -----x');
      const source = hot('abac');
      expectObservable(source.pipe(coalescePerFrame<string>({ scheduler, key: (v) => v }))).toBe('-----x', { x: ['b', 'a', 'c'] });
    });
  });

  it('while hidden nothing is emitted and only the latest value per key waits; the first frame after it shows emits it', () => {
    run(({ hot, cold, animate, expectObservable }, scheduler) => {
      animate('      x-x-x-x-x-x-x-x-x-x');
      const hidden = cold('f-t-------f', { t: true, f: false });
      const source = hot('a-b-cdbdcb-----e', { a: 1, b: 2, c: 3, d: 4, e: 5 });
      const out = source.pipe(coalescePerFrame<number>({ scheduler, hidden, key: (v) => v % 2 }));
      expectObservable(out).toBe('--x---------y---z', { x: [1], y: [3, 2], z: [5] });
    });
  });

  it('the wait is bounded: 100,000 values in a hidden tab keep the newest `limit`', () => {
    run(({ animate, expectObservable }, scheduler) => {
      animate('--x');
      const hidden = new BehaviorSubject(true);
      const source = new Observable<number>((s) => {
        for (let i = 0; i < 100_000; i++) s.next(i);
        hidden.next(false);
      });
      const out = source.pipe(coalescePerFrame({ scheduler, hidden, limit: 50 }));
      expectObservable(out).toBe('--x', { x: Array.from({ length: 50 }, (_, i) => 99_950 + i) });
    });
  });

  it('hiddenEveryMs: a hidden tab still gets its batches, on a slow timer', () => {
    run(({ hot, animate, expectObservable }, scheduler) => {
      animate('           x 5000ms x');
      const hidden = new BehaviorSubject(true);
      const source = hot('a 99ms b 2000ms c');
      const out = source.pipe(coalescePerFrame({ scheduler, hidden, hiddenEveryMs: 1000 }));
      expectObservable(out).toBe('1000ms x 2100ms y', { x: ['a', 'b'], y: ['c'] });
    });
  });

  it('unsubscribing cancels the pending frame', () => {
    run(({ hot, animate, expectObservable }, scheduler) => {
      animate('     ----x');
      const source = hot('ab');
      expectObservable(source.pipe(coalescePerFrame({ scheduler })), '^--!').toBe('');
    });
  });
});

describe('keyedState', () => {
  const opts = {
    key: (m: PushedMessage) => m.description.deviceId,
    reduce: (prev: number | undefined, m: PushedMessage) => (m.kind === 'noop' ? prev : (prev ?? 0) + 1),
  };

  it('folds updates per key and emits the map once a frame; untouched entries keep their identity; the maps are frozen', () => {
    const frames: ReadonlyMap<number, { n: number }>[] = [];
    run(({ hot, animate }, scheduler) => {
      animate('     ---x---x---x');
      const source = hot<PushedMessage>('-ab-c', { a: msg(1, 'x', 7), b: msg(2, 'x', 8), c: msg(3, 'x', 7) });
      keyedState(source, {
        scheduler,
        key: (m) => m.description.deviceId,
        reduce: (prev: { n: number } | undefined) => ({ n: (prev?.n ?? 0) + 1 }),
      }).subscribe((m) => frames.push(m));
    });
    expect(frames).toHaveLength(2);
    expect(frames[0]!.get(7)).toEqual({ n: 1 });
    expect(frames[1]!.get(7)).toEqual({ n: 2 });
    expect(frames[1]!.get(8)).toBe(frames[0]!.get(8));
    expect(Object.isFrozen(frames[1]!.get(7))).toBe(true);
    expect(() => (frames[1] as Map<number, unknown>).set(9, {})).toThrow();
  });

  it('an update that changes nothing emits nothing', () => {
    run(({ hot, animate, expectObservable }, scheduler) => {
      animate('     --x--x');
      const source = hot<PushedMessage>('-a-b', { a: msg(1, 'x', 7), b: msg(2, 'noop', 7) });
      expectObservable(keyedState(source, { ...opts, scheduler }).pipe(map((m) => m.get(7)))).toBe('--a', { a: 1 });
    });
  });

  it('while hidden it folds but emits nothing; the first frame after it shows emits the latest state once', () => {
    const reduce = vi.fn(opts.reduce);
    run(({ animate, cold, expectObservable }, scheduler) => {
      animate('x-x-x-x-x');
      const hidden = cold('t---f', { t: true, f: false });
      // 10,000 updates of 5 devices while hidden: five entries wait, not 10,000 updates.
      const source = cold<PushedMessage>('-a', { a: msg(1, 'x', 0) }).pipe(
        map(() => Array.from({ length: 10_000 }, (_, i) => msg(i + 1, 'x', i % 5))),
      );
      const flat = new Observable<PushedMessage>((s) => source.subscribe((list) => list.forEach((m) => s.next(m))));
      const out = keyedState(flat, { ...opts, scheduler, reduce, hidden }).pipe(map((m) => [...m.values()]));
      expectObservable(out).toBe('------x', { x: [2000, 2000, 2000, 2000, 2000] });
    });
    expect(reduce).toHaveBeenCalledTimes(10_000);
  });

  it('a replacing value (a snapshot) stands for the whole state; later updates fold onto it', () => {
    run(({ hot, animate, expectObservable }, scheduler) => {
      animate('     ---x---x');
      const source = hot<PushedMessage>('-ab-c', { a: msg(1, 'x', 7), b: msg(2, 'snapshot', 0), c: msg(3, 'x', 9) });
      const out = keyedState(source, {
        ...opts,
        scheduler,
        replaces: (m) => (m.kind === 'snapshot' ? [[9, 10] as const] : null),
      }).pipe(map((m) => Object.fromEntries(m)));
      expectObservable(out).toBe('---x---y', { x: { 9: 10 }, y: { 9: 11 } });
    });
  });
});

describe('alarm streams', () => {
  it('alarmStream keeps alarm messages, batched per frame', () => {
    run(({ hot, animate, expectObservable }, scheduler) => {
      animate('     ---x');
      const source = hot<PushedMessage>('abc', {
        a: msg(1, 'alarm.raised', 1, { eventId: 1 }),
        b: msg(2, 'user.login', 0),
        c: msg(3, 'alarm.raised', 1, { eventId: 2 }),
      });
      expectObservable(alarmStream(source, { scheduler }).pipe(map((b) => b.map((m) => m.seq)))).toBe('---x', { x: [1, 3] });
    });
  });

  it('while hidden the messages about one event collapse into the latest', () => {
    run(({ hot, animate, expectObservable }, scheduler) => {
      animate('      x-x-x-x');
      const hidden = hot('t---f', { t: true, f: false });
      const source = hot<PushedMessage>('abc', {
        a: msg(1, 'alarm.raised', 1, { eventId: 5 }),
        b: msg(2, 'alarm.raised', 1, { eventId: 6 }),
        c: msg(3, 'alarm.ended', 1, { eventId: 5 }),
      });
      const out = alarmStream(source, { scheduler, hidden }).pipe(map((b) => b.map((m) => `${m.seq}:${m.kind}`)));
      expectObservable(out).toBe('------x', { x: ['2:alarm.raised', '3:alarm.ended'] });
    });
  });

  it('raised alarms reach the bell in a hidden tab once a second, at most BELL_LIMIT at a time', () => {
    run(({ animate, expectObservable }, scheduler) => {
      animate('x');
      const hidden = new BehaviorSubject(true);
      const burst = of(...Array.from({ length: 300 }, (_, i) => msg(i + 1, 'alarm.raised', 1, { eventId: i + 1 })));
      const out = raisedAlarmStream(burst, { scheduler, hidden }).pipe(map((b) => [b.length, b[0]!.seq]));
      expectObservable(out).toBe('(x|)', { x: [BELL_LIMIT, 300 - BELL_LIMIT + 1] });
    });
  });

  it('raised alarms: a batch per frame while visible, then one a second while hidden', () => {
    run(({ hot, animate, expectObservable }, scheduler) => {
      animate('     -x');
      const hidden = hot('f--t', { t: true, f: false });
      const source = hot<PushedMessage>('a--- 10ms b', { a: msg(1, 'alarm.raised', 1), b: msg(2, 'alarm.raised', 2) });
      const out = raisedAlarmStream(source, { scheduler, hidden }).pipe(map((b) => b.map((m) => m.seq)));
      expectObservable(out).toBe('-x 1012ms y', { x: [1], y: [2] });
    });
  });

  it('device status folds status changes and active alarms per device, once per frame; a replayed message changes nothing', () => {
    const maps: ReadonlyMap<number, { status: number | null; activeAlarms: number }>[] = [];
    run(({ hot, animate }, scheduler) => {
      animate('     ----x---x');
      const source = hot<PushedMessage>('abc---de', {
        a: msg(1, 'device.status_changed', 7, { from: 1, to: 3 }),
        b: msg(2, 'alarm.raised', 7),
        c: msg(3, 'alarm.raised', 8),
        d: msg(4, 'alarm.ended', 7),
        e: msg(2, 'alarm.raised', 7),
      });
      deviceStatusStream(source, { scheduler }).subscribe((m) => maps.push(m));
    });
    expect(maps).toHaveLength(2);
    expect(maps[0]!.get(7)).toMatchObject({ status: 3, activeAlarms: 1 });
    expect(maps[1]!.get(7)).toMatchObject({ status: 3, activeAlarms: 0 });
    expect(maps[1]!.get(8)).toBe(maps[0]!.get(8));
  });
});

describe('a source subject', () => {
  afterEach(() => vi.useRealTimers());
  it('is unsubscribed when the coalesced stream is', () => {
    const source = new Subject<number>();
    const sub = source.pipe(coalescePerFrame()).subscribe();
    expect(source.observed).toBe(true);
    sub.unsubscribe();
    expect(source.observed).toBe(false);
  });
});
