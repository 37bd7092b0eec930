import { describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../../domain/schemas/notify';
import { maskConfig, mergeConfig, maskUrl, secretsOf } from '../../../server/notify/channelConfig';
import { composeUnits, slotUnit } from '../../../server/notify/compose';
import { FloodWatch } from '../../../server/notify/floodWatch';
import { FLOODING } from '../../../server/notify/outbox';
import type { DeliveryRow } from '../../../server/store/notifyTables';

/** The pure parts of delivery: which deliveries go out together, and how secrets are shown. */
const row = (id: string, floodKey = '1|1', recipient: string | null = null, createdAt = 0): DeliveryRow => ({
  id,
  tenantId: 2,
  eventSeq: 1,
  eventId: 1,
  kind: 'raised',
  ruleId: 1,
  channelId: 1,
  userId: null,
  recipient,
  projectId: 1,
  level: 2,
  floodKey,
  facts: '{}',
  status: 'pending',
  attempts: 0,
  lastError: null,
  createdAt,
  sentAt: null,
  nextAttemptAt: 0,
  leaseOwner: 'w',
  leaseUntil: 1,
  mergedInto: null,
  noticeMode: 3,
  paced: 0,
});
const flood = { threshold: 5, windowMs: 60_000 };
const ids = (units: readonly (readonly DeliveryRow[])[]) => units.map((u) => u.map((r) => r.id));

describe('composeUnits', () => {
  it('sends a few deliveries one by one', () => {
    expect(ids(composeUnits([row('a'), row('b')], flood))).toEqual([['a'], ['b']]);
  });

  it('sends the threshold or more at once as one digest', () => {
    const rows = ['a', 'b', 'c', 'd', 'e'].map((id) => row(id));
    expect(ids(composeUnits(rows, flood))).toEqual([['a', 'b', 'c', 'd', 'e']]);
  });

  it("merges a flooding device's deliveries", () => {
    const rows = [row('a'), row('f1', `${FLOODING}9|1`), row('f2', `${FLOODING}9|1`), row('b'), row('c')];
    expect(ids(composeUnits(rows, flood))).toEqual([['f1', 'f2'], ['a'], ['b'], ['c']]);
  });
});

describe('slotUnit', () => {
  it("a paced channel's slot carries everything due to the recipient waiting longest, oldest first", () => {
    const rows = [row('m2', '1|1', 'b@x', 30), row('m1', '1|1', 'a@x', 20), row('m0', '1|1', 'b@x', 10), row('m3', '1|1', 'a@x', 40)];
    expect(slotUnit(rows)!.map((r) => r.id)).toEqual(['m0', 'm2']);
    expect(slotUnit(rows.filter((r) => r.recipient === 'a@x'))!.map((r) => r.id)).toEqual(['m1', 'm3']);
    expect(slotUnit([])).toBeNull();
  });
});

describe('FloodWatch', () => {
  it('says flood once a key reaches the threshold within the window', () => {
    const w = new FloodWatch();
    const seen = [0, 1000, 2000, 3000, 4000].map((t) => w.note('dev|1', t, flood));
    expect(seen).toEqual([false, false, false, false, true]);
    expect(w.note('dev|1', 200_000, flood)).toBe(false);
  });
});

describe('secrets in channel configs', () => {
  it('masks query values, passwords and hook ids; an update sending them back masked keeps them', () => {
    expect(maskUrl('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc123', 'wecom')).toBe(
      `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${SECRET_MASK}`,
    );
    expect(maskUrl('https://open.feishu.cn/open-apis/bot/v2/hook/0f9e-hook', 'feishu')).toBe(
      `https://open.feishu.cn/open-apis/bot/v2/hook/${SECRET_MASK}`,
    );
    const stored = { url: 'https://oapi.dingtalk.com/robot/send?access_token=tok-1', secret: 'SEC-1' };
    const shown = maskConfig('dingtalk', stored);
    expect(JSON.stringify(shown)).not.toMatch(/tok-1|SEC-1/);
    expect(mergeConfig('dingtalk', stored, { ...shown })).toEqual(stored);
    expect(mergeConfig('dingtalk', stored, { ...shown, secret: '' })).toEqual({ url: stored.url });
    expect(secretsOf(stored).sort()).toEqual(['SEC-1', 'tok-1']);
    // a new host with the key left masked keeps the stored key
    const moved = mergeConfig('dingtalk', stored, { ...shown, url: String(shown.url).replace('oapi.dingtalk.com', 'oapi2.dingtalk.com') });
    expect(moved.url).toBe('https://oapi2.dingtalk.com/robot/send?access_token=tok-1');
    const hook = { url: 'https://open.feishu.cn/open-apis/bot/v2/hook/0f9e-hook' };
    const feishuShown = maskConfig('feishu', hook);
    expect(mergeConfig('feishu', hook, { url: String(feishuShown.url).replace('open.feishu.cn', 'open.larksuite.com') }).url).toBe(
      'https://open.larksuite.com/open-apis/bot/v2/hook/0f9e-hook',
    );
    const sms = { url: 'https://sms.example.com/send', headers: { authorization: 'Bearer sms-9' } };
    const smsShown = maskConfig('sms', sms as never);
    expect(smsShown.headers).toEqual({ authorization: SECRET_MASK });
    expect(mergeConfig('sms', sms as never, smsShown)).toEqual(sms);
  });
});
