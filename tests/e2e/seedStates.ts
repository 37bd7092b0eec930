import { Gateway } from './gateway';

/**
 * Leaves each device in a known state through the real ingest path: ordinary readings (a value per
 * device, so tiles differ) with `states[id]` laid over them, stamped `at`. Twice: an alarm another
 * spec left raised on a device ends only after two readings clear of its band (the engine's
 * anti-flapping), and an alarm already raised by the same readings is not raised again, so the
 * specs seeding the same devices leave the same state whichever ran first.
 */
export async function seedStates(baseURL: string, ids: readonly number[], states: Record<number, Record<number, number>>, at: number) {
  for (const id of ids) {
    const gw = await Gateway.open(baseURL, id);
    try {
      const values = { 1001: 40 + (id % 7) * 10, 1101: 30 + (id % 5), 1501: 0, ...states[id] };
      await gw.report(values, at - 1_000);
      await gw.report(values, at);
    } finally {
      await gw.close();
    }
  }
}
