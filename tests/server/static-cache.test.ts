import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers';

// A built console of three kinds of file: the page, a public file, and a chunk Vite named by its content.
let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-static-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Voltguard</title>');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-D8FXMwem.js'), 'export {};');
  t = await startApp({ staticDir: dir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('how long a browser keeps the console files', () => {
  it('a content-named chunk for a year, unchanged', async () => {
    const res = await t.app.inject({ url: '/assets/index-D8FXMwem.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the page is asked for again at every load, at / as at /index.html', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Voltguard</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('the favicon for a day, so a change of the hash route does not fetch it again', async () => {
    const res = await t.app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('a revalidation of the page answers 304 when it did not change', async () => {
    const first = await t.app.inject({ url: '/' });
    const again = await t.app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});
