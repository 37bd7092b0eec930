import { describe, expect, it } from 'vitest';
import { durationParts, formatDuration } from '../../domain/duration';
import { contentOf } from '../../server/alarms/noticeWording';
import type { NoticeMessage } from '../../domain/telemetry';

describe('formatDuration: seconds under a minute, minutes under an hour, hours past that', () => {
  it('says a short escalation time in seconds, never as a fraction of a minute', () => {
    expect(formatDuration(12, 'zh')).toBe('12 秒');
    expect(formatDuration(12, 'en')).toBe('12 s');
    expect(formatDuration(10, 'zh', 'elapsed')).toBe('10 秒');
    expect(formatDuration(59.9, 'en', 'elapsed')).toBe('59 s');
    expect(formatDuration(0, 'zh')).toBe('0 秒');
  });

  it('says whole minutes as minutes, and an exact time keeps its seconds', () => {
    expect(formatDuration(60, 'zh')).toBe('1 分钟');
    expect(formatDuration(300, 'en')).toBe('5 min');
    expect(formatDuration(90, 'zh')).toBe('1 分 30 秒');
    expect(formatDuration(90, 'en')).toBe('1 min 30 s');
    // running time: the whole minutes only, so the text does not tick every second
    expect(formatDuration(90, 'zh', 'elapsed')).toBe('1 分钟');
    expect(formatDuration(59 * 60 + 59, 'en', 'elapsed')).toBe('59 min');
  });

  it('says an hour or more in hours and minutes', () => {
    expect(formatDuration(3600, 'zh')).toBe('1 小时');
    expect(formatDuration(3600, 'en')).toBe('1 h');
    expect(formatDuration(5400, 'zh')).toBe('1 小时 30 分钟');
    expect(formatDuration(5400, 'en', 'elapsed')).toBe('1 h 30 min');
    expect(formatDuration(86_400, 'zh')).toBe('24 小时');
    expect(formatDuration(3600 + 30, 'en')).toBe('1 h');
  });

  it('counts fractions, negative and broken input down to whole seconds', () => {
    expect(durationParts(3725.7)).toEqual({ h: 1, m: 2, s: 5 });
    expect(durationParts(-5)).toEqual({ h: 0, m: 0, s: 0 });
    expect(durationParts(Number.NaN)).toEqual({ h: 0, m: 0, s: 0 });
  });
});

describe('the message-centre line of an escalation says its limit the same way (server/alarms/noticeWording.ts)', () => {
  const notice = (limitSeconds: number): NoticeMessage => ({
    seq: 1,
    id: '1',
    time: 0,
    kind: 'alarm.escalation_notified',
    logTypeName: '发送升级通知',
    projectId: null,
    description: { projectName: '西湖文化广场', deviceName: '1号配电箱', deviceCode: 'VG1', contactInfo: null, value: null, deviceId: 1 },
    payload: { limitSeconds, peceventlevel: 1, customtype: 1501, description: '' },
  });

  it('12 s and 5 min in both languages', () => {
    expect(contentOf(notice(12), 'zh')).toContain('12 秒内未确认');
    expect(contentOf(notice(12), 'en')).toContain('not confirmed within 12 s');
    expect(contentOf(notice(300), 'zh')).toContain('5 分钟内未确认');
    expect(contentOf(notice(90), 'en')).toContain('not confirmed within 1 min 30 s');
    expect(contentOf(notice(12), 'zh')).not.toContain('0.2');
  });
});
