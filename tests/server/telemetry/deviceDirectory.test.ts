import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DeviceDirectory } from '../../../server/devices/devices';
import { DEVICE_STATUS } from '../../../domain/enums';
import { makeApp } from './helpers';

/**
 * The in-memory ledger reloads every 30 s on every instance. It reads the terminals in pieces with a
 * turn of the event loop between two (one statement for a whole fleet held the loop for 320–390 ms at
 * 100,000 terminals); a load asked for while one is under way still sees what was changed before it
 * was asked, and a live status observed meanwhile is not lost.
 */
const CHUNK = 3;
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let terminals: { id: number; code: string; name: string }[];

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  terminals = await app.db.selectFrom('terminal').select(['id', 'code', 'name']).orderBy('id').execute();
});
afterAll(() => cleanup());

const turn = () => new Promise((r) => setImmediate(r));
const rename = (id: number, name: string) => app.db.updateTable('terminal').set({ name }).where('id', '=', id).execute();

describe('DeviceDirectory', () => {
  it('reads the whole ledger in pieces, letting other work run between them', async () => {
    expect(terminals.length).toBeGreaterThan(2 * CHUNK);
    const directory = new DeviceDirectory(app.db, 2000, CHUNK);
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await directory.load();
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(Math.floor(terminals.length / CHUNK));
    expect(directory.all().map((d) => d.id)).toEqual(terminals.map((t) => t.id));
    const last = terminals.at(-1)!;
    expect(directory.getSync(last.code)?.id).toBe(last.id);
    expect(directory.getSync(last.id)?.projectName).toBeTruthy();
  });

  it('answers a load asked for during one under way only after a load that began later', async () => {
    const directory = new DeviceDirectory(app.db, 2000, CHUNK);
    await directory.load();
    const first = terminals[0]!;
    const underWay = directory.load();
    await turn(); // the first piece (holding `first`) has been read
    await rename(first.id, '改名后的终端');
    await directory.load();
    expect(directory.getSync(first.id)?.name).toBe('改名后的终端');
    await underWay;
    await rename(first.id, first.name);
  });

  it('keeps a live status observed while the pieces are read', async () => {
    const directory = new DeviceDirectory(app.db, 2000, CHUNK);
    await directory.load();
    const first = terminals[0]!;
    const stored = directory.getSync(first.id)!.devicestatus;
    const live = stored === DEVICE_STATUS.RETRY ? DEVICE_STATUS.AUTO_EXIT : DEVICE_STATUS.RETRY;
    // a ledger change too, so the reload makes a new object for it from the row it read first
    await rename(first.id, '状态期间改名');
    const loading = directory.load();
    await turn();
    directory.observeStatus(first.id, live);
    await loading;
    expect(directory.getSync(first.id)).toMatchObject({ name: '状态期间改名', devicestatus: live });
    await rename(first.id, first.name);
  });
});
