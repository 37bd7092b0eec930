import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/nodeFlags.mjs';

/** Allocates short-lived objects at a server's pace, then prints V8's young generation size (MB). */
const YOUNG_GENERATION_MB = `
  const v8 = require('node:v8');
  let keep = [];
  for (let i = 0; i < 3e6; i++) { keep.push({ a: i, b: [i] }); if (keep.length > 200000) keep = []; }
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  console.log(space.space_size / 1048576);
`;
const youngGenerationMb = (flags: readonly string[]) =>
  Number(execFileSync(process.execPath, [...flags, '-e', YOUNG_GENERATION_MB], { encoding: 'utf8' }).trim());

describe('the Node flags of a server process', () => {
  it('are the ones npm start gives the server', () => {
    const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
    const [, flags = ''] = /^exec node (.*)scripts\/start\.mjs$/.exec(start) ?? [];
    expect(flags.trim().split(/\s+/)).toEqual(SERVER_NODE_FLAGS);
  });

  it('let the young generation grow past the default under an allocation load', () => {
    const byDefault = youngGenerationMb([]);
    expect(youngGenerationMb(SERVER_NODE_FLAGS)).toBeGreaterThan(byDefault);
  });
});
