import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, login, makeApp } from '../telemetry/helpers';
import { chromiumPath } from '../../../server/report/pdf';

/** The PDF form of the report, rendered by the server's Chromium (skipped where there is none). */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let token: string;
const now = new Date();
const q = new URLSearchParams({
  modelLabel: 'global',
  id: '0',
  startTime: String(new Date(now.getFullYear(), now.getMonth(), 1).getTime()),
  endTime: String(new Date(now.getFullYear(), now.getMonth() + 1, 1).getTime()),
});

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  token = (await login(app, 'zhangsan')).token;
}, 60_000);
afterAll(async () => cleanup());

describe('report/pdf', () => {
  it.skipIf(!fs.existsSync(chromiumPath()))(
    'is an A4 PDF with the CJK font embedded',
    async () => {
      const res = await app.inject({ url: `/wisdompower/v1/report/pdf?${q}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('智慧安全用电运行评估报告.pdf'));
      const bytes = res.rawPayload;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = bytes.toString('latin1');
      // Kept for looking at (pdftoppm in a shell); the test itself needs no extra tools.
      fs.writeFileSync(path.join(os.tmpdir(), 'vg-report-test.pdf'), bytes);
      // A4 is 595.28 × 841.89 pt; Chromium writes each page's box in plain text.
      const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [
        Math.round(Number(m[1])),
        Math.round(Number(m[2])),
      ]);
      expect(boxes.length).toBeGreaterThanOrEqual(2);
      for (const box of boxes) expect(box).toEqual([595, 842]);
      // Glyphs travel in the file (embedded font programs or Type 3 glyph procedures), named after a CJK face.
      expect(text).toMatch(/\/FontFile[23]?\b|\/Subtype\s*\/Type3/);
      expect(text).toMatch(/\/FontName\s*\/[A-Z]{6}\+Noto\w*CJK/i);
    },
    60_000,
  );

  it('answers a clear envelope error when there is no Chromium', async () => {
    const before = process.env.VG_CHROMIUM;
    process.env.VG_CHROMIUM = '/nonexistent/chromium';
    try {
      const res = await app.inject({ url: `/wisdompower/v1/report/pdf?${q}`, headers: bearer(token) });
      // The request was fine and handled: the answer "no PDF here" is an outcome (docs/errors.md).
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 4501, msg: expect.stringContaining('未找到 Chromium'), data: null });
    } finally {
      if (before === undefined) delete process.env.VG_CHROMIUM;
      else process.env.VG_CHROMIUM = before;
    }
  });
});
