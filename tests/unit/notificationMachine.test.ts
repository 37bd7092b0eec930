import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { NOTICE_CAP, POPUP_MS, notificationMachine, type Notice } from '../../machines/notificationMachine';

const notice = (seq: number, level: number | null = 2): Notice => ({
  id: `notice_${seq}`,
  seq,
  time: 1_700_000_000_000 + seq,
  kind: 'alarm.raised',
  logTypeName: '剩余电流报警',
  level,
  description: { projectName: '西湖文化广场', deviceName: '1号配电箱', deviceCode: 'VG1', contactInfo: null, value: 320, deviceId: 1 },
});

function harness(soundOn = true) {
  const calls = { play: 0, stop: 0, saved: [] as boolean[], opened: [] as string[] };
  const machine = notificationMachine.provide({
    actions: {
      playSound: () => void calls.play++,
      stopSound: () => void calls.stop++,
      saveSoundPreference: (_, p) => void calls.saved.push(p.on),
      openDevice: (_, p) => void calls.opened.push(p.notice.id),
    },
  });
  const actor = createActor(machine, { input: { soundOn } }).start();
  return { actor, calls };
}

describe('notification machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('adds newest first, caps at 99 and drops the oldest', () => {
    const { actor, calls } = harness();
    for (let i = 1; i <= 120; i++) actor.send({ type: 'NOTICE.RECEIVED', notice: notice(i) });
    const items = actor.getSnapshot().context.items;
    expect(items).toHaveLength(NOTICE_CAP);
    expect(items[0]!.seq).toBe(120);
    expect(items[NOTICE_CAP - 1]!.seq).toBe(22);
    expect(calls.play).toBe(120);
  });

  it('静音 stops the sound and hides itself until the next message', () => {
    const { actor, calls } = harness();
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(1) });
    actor.send({ type: 'NOTICE.MUTE' });
    expect(actor.getSnapshot().context.muted).toBe(true);
    expect(calls.stop).toBe(1);
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(2) });
    expect(actor.getSnapshot().context.muted).toBe(false);
    expect(calls.play).toBe(2);
  });

  it('已读 and 查看 remove the message; 查看 opens the device', () => {
    const { actor, calls } = harness();
    [1, 2, 3].forEach((i) => actor.send({ type: 'NOTICE.RECEIVED', notice: notice(i) }));
    actor.send({ type: 'NOTICE.READ', id: 'notice_2' });
    actor.send({ type: 'NOTICE.VIEW', id: 'notice_3' });
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual(['notice_1']);
    expect(calls.opened).toEqual(['notice_3']);
  });

  it('clear all empties the list', () => {
    const { actor } = harness();
    [1, 2].forEach((i) => actor.send({ type: 'NOTICE.RECEIVED', notice: notice(i) }));
    actor.send({ type: 'NOTICE.CLEAR_ALL' });
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('with sound off nothing plays; the toggle is saved', () => {
    const { actor, calls } = harness(false);
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(1) });
    expect(calls.play).toBe(0);
    actor.send({ type: 'SOUND.TOGGLE' });
    expect(calls.saved).toEqual([true]);
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(2) });
    expect(calls.play).toBe(1);
  });

  it('an alarm pops up and hides itself after 60 s unless opened; early warnings do not pop up', () => {
    const { actor } = harness();
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(1, 4) });
    expect(actor.getSnapshot().value).toEqual({ list: {}, popup: 'hidden' });
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(2, 2) });
    expect(actor.getSnapshot().context.popup?.seq).toBe(2);
    vi.advanceTimersByTime(POPUP_MS - 1);
    expect(actor.getSnapshot().matches({ popup: 'showing' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ popup: 'hidden' })).toBe(true);
    expect(actor.getSnapshot().context.popup).toBeNull();

    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(3, 1) });
    actor.send({ type: 'POPUP.OPEN' });
    vi.advanceTimersByTime(POPUP_MS * 2);
    expect(actor.getSnapshot().matches({ popup: 'opened' })).toBe(true);
  });

  it('a new alarm restarts the 60 s of the popup', () => {
    const { actor } = harness();
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(1) });
    vi.advanceTimersByTime(POPUP_MS - 1000);
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(2) });
    vi.advanceTimersByTime(POPUP_MS - 1000);
    expect(actor.getSnapshot().context.popup?.seq).toBe(2);
  });

  it('查看 on the popup opens the device, takes the message off the list and closes the popup', () => {
    const { actor, calls } = harness();
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(1) });
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(2) });
    actor.send({ type: 'NOTICE.VIEW', id: 'notice_2' });
    expect(calls.opened).toEqual(['notice_2']);
    expect(actor.getSnapshot().matches({ popup: 'hidden' })).toBe(true);
    expect(actor.getSnapshot().context.items.map((n) => n.id)).toEqual(['notice_1']);
  });

  it('查看 or 已读 of the popup\u2019s message in the bell closes the popup; another message leaves it', () => {
    const { actor } = harness();
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(1) });
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(2) });
    actor.send({ type: 'NOTICE.VIEW', id: 'notice_1' });
    expect(actor.getSnapshot().context.popup?.id).toBe('notice_2');
    actor.send({ type: 'NOTICE.READ', id: 'notice_2' });
    expect(actor.getSnapshot().matches({ popup: 'hidden' })).toBe(true);
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(3) });
    actor.send({ type: 'NOTICE.CLEAR_ALL' });
    expect(actor.getSnapshot().matches({ popup: 'hidden' })).toBe(true);
  });

  it('查看 on a popup whose message was already cleared from the list still opens the device', () => {
    const { actor, calls } = harness();
    actor.send({ type: 'NOTICE.RECEIVED', notice: notice(5) });
    actor.send({ type: 'NOTICE.MUTE' });
    // the list loses it (e.g. capped away) while the popup still shows it
    actor.send({ type: 'NOTICE.READ', id: 'notice_x' });
    actor.send({ type: 'NOTICE.VIEW', id: 'notice_5' });
    expect(calls.opened).toEqual(['notice_5']);
  });

  it('a flood of one device and type: one popup whose 60 s do not start again, one confirmation reads the whole group', () => {
    const { actor, calls } = harness();
    // 30 alarms a second apart: the first five start the popup again each time, the rest continue the flood
    for (let i = 1; i <= 30; i++) {
      actor.send({ type: 'NOTICE.RECEIVED', notice: { ...notice(i), time: 1_700_000_000_000 + i * 1000 } });
      vi.advanceTimersByTime(1000);
    }
    expect(calls.play).toBe(30);
    expect(actor.getSnapshot().context.popup?.seq).toBe(30);
    // the last restart was at the fifth alarm, 26 s ago: the popup hides 34 s from now, not 60
    vi.advanceTimersByTime(33_000);
    expect(actor.getSnapshot().matches({ popup: 'showing' })).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(actor.getSnapshot().matches({ popup: 'hidden' })).toBe(true);

    const ids = actor.getSnapshot().context.items.map((n) => n.id);
    actor.send({ type: 'NOTICE.RECEIVED', notice: { ...notice(31, 1), time: 1_700_000_000_000 + 31_000, logTypeName: '探头故障' } });
    actor.send({ type: 'NOTICE.READ_MANY', ids });
    expect(actor.getSnapshot().context.items.map((n) => n.seq)).toEqual([31]);
    expect(actor.getSnapshot().matches({ popup: 'showing' })).toBe(true);
    actor.send({ type: 'NOTICE.READ_MANY', ids: ['notice_31'] });
    expect(actor.getSnapshot().matches({ popup: 'hidden' })).toBe(true);
  });

  it('the flood limits of 系统配置 apply: 2 within 10 s, then changed to 20 within 60 s while running', () => {
    const calls = { play: 0 };
    const machine = notificationMachine.provide({ actions: { playSound: () => void calls.play++ } });
    const actor = createActor(machine, { input: { soundOn: true, floodPolicy: { threshold: 2, windowMs: 10_000 } } }).start();
    const at = (i: number) => ({ ...notice(i), time: 1_700_000_000_000 + i * 1000 });
    for (let i = 1; i <= 3; i++) {
      actor.send({ type: 'NOTICE.RECEIVED', notice: at(i) });
      vi.advanceTimersByTime(1000);
    }
    // the third alarm within 10 s continues the flood: the popup's 60 s run from the second
    vi.advanceTimersByTime(POPUP_MS - 2000);
    expect(actor.getSnapshot().matches({ popup: 'hidden' })).toBe(true);

    actor.send({ type: 'FLOOD.POLICY', policy: { threshold: 20, windowMs: 60_000 } });
    expect(actor.getSnapshot().context.floodPolicy).toEqual({ threshold: 20, windowMs: 60_000 });
    actor.send({ type: 'NOTICE.RECEIVED', notice: at(4) });
    vi.advanceTimersByTime(1000);
    actor.send({ type: 'NOTICE.RECEIVED', notice: at(5) });
    // under the new limits the fifth is no flood: it starts the popup's 60 s again
    vi.advanceTimersByTime(POPUP_MS - 1);
    expect(actor.getSnapshot().matches({ popup: 'showing' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ popup: 'hidden' })).toBe(true);
  });

  it('a flood of one type across devices (a feeder trips): the popup stays on the group instead of restarting', () => {
    const { actor, calls } = harness();
    const lost = (i: number): Notice => ({
      ...notice(i),
      time: 1_700_000_000_000 + i * 1000,
      logTypeName: '通信中断',
      description: { ...notice(i).description, deviceName: `${i}号配电箱`, deviceCode: `VG${100 + i}`, deviceId: 100 + i },
    });
    for (let i = 1; i <= 12; i++) {
      actor.send({ type: 'NOTICE.RECEIVED', notice: lost(i) });
      vi.advanceTimersByTime(1000);
    }
    // every message sounds and is in the bell; the popup shows the newest
    expect(calls.play).toBe(12);
    expect(actor.getSnapshot().context.items).toHaveLength(12);
    expect(actor.getSnapshot().context.popup?.description.deviceId).toBe(112);
    // its 60 s started again only up to the fifth device's loss, 8 s ago
    vi.advanceTimersByTime(POPUP_MS - 9_000);
    expect(actor.getSnapshot().value).toEqual({ list: {}, popup: 'showing' });
    vi.advanceTimersByTime(1_000);
    expect(actor.getSnapshot().value).toEqual({ list: {}, popup: 'hidden' });
  });

  it('an alarm confirmed here or on any console leaves the bell, and the popup if it is the one shown', () => {
    const { actor } = harness();
    const withEvent = (seq: number, eventId: number): Notice => ({ ...notice(seq), eventId });
    actor.send({ type: 'NOTICE.RECEIVED', notice: withEvent(1, 501) });
    actor.send({ type: 'NOTICE.RECEIVED', notice: { ...notice(2), kind: 'device.status_changed', level: null } });
    actor.send({ type: 'NOTICE.RECEIVED', notice: withEvent(3, 503) });
    expect(actor.getSnapshot().value).toEqual({ list: {}, popup: 'showing' });
    // another event's confirmation: the popup (503) stays, 501 leaves
    actor.send({ type: 'NOTICE.CONFIRMED', eventIds: [501, 999] });
    expect(actor.getSnapshot().context.items.map((n) => n.seq)).toEqual([3, 2]);
    expect(actor.getSnapshot().value).toEqual({ list: {}, popup: 'showing' });
    // the popup's own event: it closes; a message without an event is never taken for one
    actor.send({ type: 'NOTICE.CONFIRMED', eventIds: [503] });
    expect(actor.getSnapshot().context.items.map((n) => n.seq)).toEqual([2]);
    expect(actor.getSnapshot().value).toEqual({ list: {}, popup: 'hidden' });
  });
});
