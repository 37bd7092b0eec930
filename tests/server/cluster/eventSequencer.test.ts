import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../server/eventLog/eventLog';
import { EventSequencer } from '../../../server/cluster/eventSequencer';
import { startApp, type TestApp } from '../helpers';

describe('event sequencer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  it('hands on events strictly by sequence, once each, steps over holes and reads what never arrived', async () => {
    const append = (i: number) => t.app.eventLog.append({ kind: 'file.uploaded', subject: `e${i}` });
    const e: DomainEvent[] = [];
    for (let i = 1; i <= 5; i++) e.push(await append(i));
    // e3's transaction "rolled back": its number will never appear
    await t.app.db.deleteFrom('event_log').where('seq', '=', e[2]!.seq).execute();
    const delivered: string[] = [];
    const seq = new EventSequencer(
      t.app.db,
      e[0]!.seq - 1,
      (ev) => delivered.push(ev.subject!),
      (err) => {
        throw err;
      },
      5,
    );
    seq.offer(e[1]!);
    expect(delivered).toEqual([]);
    seq.offer(e[0]!);
    expect(delivered).toEqual(['e1', 'e2']);
    seq.offer(e[4]!);
    expect(delivered).toEqual(['e1', 'e2']);
    // the gap (e3 missing, e4 not offered) is settled from the log
    await seq.catchUp();
    expect(delivered).toEqual(['e1', 'e2', 'e4', 'e5']);
    seq.offer(e[1]!);
    seq.offer(e[4]!);
    const e6 = await append(6);
    await seq.catchUp();
    expect(delivered).toEqual(['e1', 'e2', 'e4', 'e5', 'e6']);
    seq.offer(e6);
    expect(delivered).toEqual(['e1', 'e2', 'e4', 'e5', 'e6']);
    expect(seq.headSeq()).toBe(e6.seq);
    seq.close();
  });
});
