import { afterEach, describe, expect, it, vi } from 'vitest';
import { EscalationStore } from '../../src/app/realtime/escalations';
import { ROLE_MESSAGE_MS, RoleMessageStore } from '../../src/app/realtime/roleMessage';
import type { EscalationDto } from '../../domain/escalation';
import type { NoticeMessage } from '../../domain/telemetry';

const dto = (eventId: number, level: number, escalatedAt: number): EscalationDto => ({
  eventId,
  projectId: 1,
  projectName: '西湖文化广场',
  deviceId: eventId,
  deviceName: `${eventId}号配电箱`,
  deviceCode: `VG${eventId}`,
  level,
  customtype: 1,
  eventtime: escalatedAt - 60_000,
  escalatedAt,
  description: '剩余电流超限',
});

const message = (kind: string, e: EscalationDto): NoticeMessage => ({
  seq: e.eventId * 10,
  id: `notice_${e.eventId * 10}`,
  time: e.escalatedAt,
  kind,
  logTypeName: '',
  projectId: e.projectId,
  description: {
    projectName: e.projectName,
    deviceName: e.deviceName,
    deviceCode: e.deviceCode,
    contactInfo: null,
    value: null,
    deviceId: e.deviceId,
  },
  payload: {
    eventId: e.eventId,
    peceventlevel: e.level,
    customtype: e.customtype,
    eventtime: e.eventtime,
    escalatedAt: e.escalatedAt,
    description: e.description,
    deviceId: e.deviceId,
    deviceName: e.deviceName,
    deviceCode: e.deviceCode,
    projectName: e.projectName,
  },
});

describe('the console’s escalation store', () => {
  it('loads, adds on alarm.escalated, removes on alarm.confirmed, severest first', async () => {
    const store = new EscalationStore(async () => [dto(1, 2, 1000)]);
    let changes = 0;
    store.subscribe(() => changes++);
    await store.reload();
    expect(store.current().map((e) => e.eventId)).toEqual([1]);
    store.apply(message('alarm.escalated', dto(2, 4, 3000)));
    store.apply(message('alarm.escalated', dto(3, 1, 2000)));
    // 事故 (1) before 报警 (2) before 预警 (4), whatever the order they escalated in
    expect(store.current().map((e) => e.eventId)).toEqual([3, 1, 2]);
    store.apply(message('alarm.confirmed', dto(3, 1, 2000)));
    store.apply(message('alarm.raised', dto(9, 1, 9000)));
    expect(store.current().map((e) => e.eventId)).toEqual([1, 2]);
    expect(changes).toBe(4);
  });

  it('a confirmation heard while the list loads is not undone by the older list', async () => {
    let resolve!: (l: EscalationDto[]) => void;
    const store = new EscalationStore(() => new Promise((r) => (resolve = r)));
    const loading = store.reload();
    store.apply(message('alarm.confirmed', dto(1, 1, 1000)));
    store.apply(message('alarm.escalated', dto(2, 1, 2000)));
    resolve([dto(1, 1, 1000)]);
    await loading;
    expect(store.current().map((e) => e.eventId)).toEqual([2]);
  });

  it('a failed load keeps what is shown', async () => {
    let fail = false;
    const store = new EscalationStore(async () => {
      if (fail) throw new Error('down');
      return [dto(1, 2, 1000)];
    });
    await store.reload();
    fail = true;
    await store.reload();
    expect(store.current().map((e) => e.eventId)).toEqual([1]);
  });

  it('holds the newest escalations up to its limit, however many a day escalates', async () => {
    const store = new EscalationStore(async () => [], 200);
    await store.reload();
    // an accident among the first, then a thousand alarms nobody confirms
    store.apply(message('alarm.escalated', dto(1, 1, 1000)));
    for (let i = 2; i <= 1001; i++) store.apply(message('alarm.escalated', dto(i, 2, 1000 * i)));
    const held = store.current();
    expect(held).toHaveLength(200);
    expect(held.map((e) => e.eventId)).toEqual(Array.from({ length: 200 }, (_, i) => 1001 - i));
    // a confirmation of one no longer held changes nothing; of one held, it leaves
    store.apply(message('alarm.confirmed', dto(5, 2, 5000)));
    store.apply(message('alarm.confirmed', dto(1001, 2, 1_001_000)));
    expect(store.current()).toHaveLength(199);
    expect(store.current()[0]!.eventId).toBe(1000);
    // a newer accident is named first
    store.apply(message('alarm.escalated', dto(2000, 1, 2_000_000)));
    expect(store.current()[0]!.eventId).toBe(2000);
    expect(store.current()).toHaveLength(200);
  });
});

describe('the escalation message to the chosen role', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the newest message for a minute, then goes by itself', () => {
    vi.useFakeTimers();
    const escalations = new EscalationStore(async () => []);
    const store = new RoleMessageStore(escalations);
    escalations.apply(message('alarm.escalated', dto(1, 1, 1000)));
    store.apply(message('alarm.escalated', dto(1, 1, 1000)));
    expect(store.current()).toBeNull();
    store.apply(message('alarm.escalation_notified', dto(1, 1, 1000)));
    expect(store.current()?.kind).toBe('alarm.escalation_notified');
    vi.advanceTimersByTime(ROLE_MESSAGE_MS - 1);
    expect(store.current()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.current()).toBeNull();
    store.dispose();
  });

  it('goes at once when its alarm is confirmed, and when closed', () => {
    vi.useFakeTimers();
    const escalations = new EscalationStore(async () => []);
    const store = new RoleMessageStore(escalations);
    let changes = 0;
    store.subscribe(() => changes++);
    escalations.apply(message('alarm.escalated', dto(1, 1, 1000)));
    escalations.apply(message('alarm.escalated', dto(2, 1, 2000)));
    store.apply(message('alarm.escalation_notified', dto(1, 1, 1000)));
    // another alarm confirmed: this one stays
    escalations.apply(message('alarm.confirmed', dto(2, 1, 2000)));
    expect(store.current()).not.toBeNull();
    escalations.apply(message('alarm.confirmed', dto(1, 1, 1000)));
    expect(store.current()).toBeNull();
    store.apply(message('alarm.escalation_notified', dto(2, 1, 2000)));
    store.dismiss();
    expect(store.current()).toBeNull();
    expect(changes).toBe(4);
    store.dispose();
  });
});
