import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/localServices';
import { ensureServerBundle, SERVER_BUNDLE } from '../../scripts/serverBundle.mjs';
import { ServerProcess } from '../server/serverProcess';

/**
 * The compiled server (scripts/bundleLoader.mjs): the first start writes V8's code cache of the bundle
 * beside it, named for that bundle, and the next start runs from it — including the functions read
 * back from it that load a package on first use (the embedded MQTT broker's aedes, an ES module), which
 * a script's own import() cannot do on Node 20.
 */
let server: ServerProcess | null = null;
// A copy of the compiled server of its own (node_modules resolves from it as from dist-server/), so its
// cache is written by the start below and by no other test's server.
const copy = path.join(path.dirname(SERVER_BUNDLE), `cache-test-${process.pid}`);
afterAll(async () => {
  await server?.dispose();
  fs.rmSync(copy, { recursive: true, force: true });
});

const cacheOf = (dir: string) => {
  const { size, mtimeMs } = fs.statSync(path.join(dir, 'main.cjs'));
  return path.join(dir, `main.${size}-${Math.round(mtimeMs)}.cache`);
};

describe('the compiled server and its code cache', () => {
  it('writes the cache after its start and starts again from it, the broker loaded on first use included', async () => {
    await ensureServerBundle();
    fs.mkdirSync(copy, { recursive: true });
    for (const f of ['main.mjs', 'main.cjs']) fs.copyFileSync(path.join(path.dirname(SERVER_BUNDLE), f), path.join(copy, f));
    const cache = cacheOf(copy);
    expect(fs.existsSync(cache)).toBe(false);
    server = await ServerProcess.create({
      compiled: true,
      bundle: path.join(copy, 'main.mjs'),
      env: { MQTT_PORT: String(await freePort()) },
    });
    await server.start();
    expect(server.output).toContain('MQTT: embedded broker at mqtt://');
    // written a few seconds after the start, the broker's function compiled by then
    await vi.waitFor(() => expect(fs.existsSync(cache)).toBe(true), { timeout: 15_000, interval: 100 });
    expect(fs.statSync(cache).size).toBeGreaterThan(100_000);
    expect((await server.stop('SIGTERM')).code).toBe(0);

    // the start from the cache: the broker's function comes from it and still loads aedes
    await server.start();
    expect(server.output.split('SIGTERM: closed')[1]).toContain('MQTT: embedded broker at mqtt://');
    const root = await server.login('root');
    expect(root.userId).toBe(1);
    // Swagger UI's code is in the bundle, its page files where the package is installed
    const ui = await fetch(`${server.url}/docs/static/swagger-ui-bundle.js`);
    expect(ui.status).toBe(200);
    expect((await ui.text()).length).toBeGreaterThan(100_000);
    expect(await (await fetch(`${server.url}/docs/static/swagger-initializer.js`)).text()).toContain('data:image/svg+xml;base64,');
    expect(server.output).not.toMatch(/Warning|cannot start|dynamic import/i);
    expect((await server.stop('SIGTERM')).code).toBe(0);
  }, 60_000);

  it('the bundle is ASCII and loads its late packages through the loader, not by import() of its own', async () => {
    await ensureServerBundle();
    const code = fs.readFileSync(path.join(path.dirname(SERVER_BUNDLE), 'main.cjs'));
    expect(code.every((b) => b < 0x80)).toBe(true);
    const text = code.toString('latin1');
    expect(text).toContain('__vgImport("aedes")');
    expect(text).not.toMatch(/(?<![\w$.])import\("/);
  });
});
