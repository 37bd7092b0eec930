/**
 * The 4K wall's load generator in its own process (bench/realtimeWall4k.ts): a fleet posting to the
 * device HTTP ingest with each device's own key, `perSecond` readings a second in 20 ticks, stamped
 * with the time they are posted. Devices listed in `alarmed` report over the residual-current limit
 * (报警 and held); every other device stays below its early-warning level, so the wall's counts are
 * known from what was sent.
 *
 * Tiles on screen (`probe` message from the bench) are not in the round-robin: each gets one reading
 * a second instead, its residual current a new value every time, and the moment its post was flushed
 * to the socket is reported — the start of reading → tile painted. The total rate stays `perSecond`.
 *
 * Messages from the bench: {type:'start', config} (10,000 devices' keys are too long for an
 * environment variable), {type:'probe', deviceIds}, {type:'stop'}. To it: {type:'round'} when every
 * device has been sent a reading once, {type:'stopped', …} with the figures.
 */
import http from 'node:http';

interface FeedDevice {
  id: number;
  code: string;
  key: string;
}
export interface FeedConfig {
  url: string;
  devices: FeedDevice[];
  perSecond: number;
  /** ids of the devices that report over the limit */
  alarmed: number[];
}
/** One reading to a tile on screen: its leak value and when its post was on the wire (epoch ms). */
export type ProbeSent = [deviceId: number, leak: number, sentAt: number];
export interface FeedStopped {
  type: 'stopped';
  sent: number;
  failed: number;
  rejected: number;
  seconds: number;
  probes: ProbeSent[];
  /**
   * per post, when it was handed to its socket (epoch ms) and how long it waited for one since it was
   * made (above a few ms: the server fell behind and posts queued for a socket)
   */
  queued: [at: number, ms: number][];
  /** per answer, when it came (epoch ms) and ms from the post's flush */
  answers: [at: number, ms: number][];
}

/** Over the 300 mA limit (报警, held), and normal: under the 80 % early-warning level (240 mA). */
const alarmedLeak = (k: number) => 400 + (k % 50);
const normalLeak = (k: number) => 50 + (k % 100);

const TICKS_PER_S = 20;
type FromBench = { type: 'start'; config: FeedConfig } | { type: 'probe'; deviceIds: number[] } | { type: 'stop' };

// One listener from the first message on, so a 'probe' right behind the 'start' is not lost.
let started: ((cfg: FeedConfig) => void) | null = null;
let probeIds: number[] = [];
let stop: (() => void) | null = null;
process.on('message', (m: FromBench) => {
  if (m.type === 'start') started?.(m.config);
  else if (m.type === 'probe') probeIds = m.deviceIds;
  else stop?.();
});
const cfg = await new Promise<FeedConfig>((resolve) => (started = resolve));

const target = new URL('/devicedata/api/comm/v1/ingest', cfg.url);
// Enough sockets that posts never wait for one while the server keeps up (in flight: rate × answer
// time; 10,000 devices would hold 10,000 connections): a post waiting for a socket is not sent yet.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const alarmed = new Set(cfg.alarmed);
const byId = new Map(cfg.devices.map((d) => [d.id, d]));
/** each device's last reading time: a device's readings are strictly newer one after another */
const lastTime = new Map<number, number>();
/** each probed device's count of readings: its next leak value differs from the last */
const probeCount = new Map<number, number>();
let probedFrom: number[] | null = null;
let probed: FeedDevice[] = [];
let probedIds = new Set<number>();
const probes: ProbeSent[] = [];
const queued: FeedStopped['queued'] = [];
const answers: FeedStopped['answers'] = [];
let sent = 0;
let failed = 0;
let rejected = 0;
let cursor = 0;
let roundDone = false;
function post(d: FeedDevice, leak: number, k: number, onSent?: (at: number) => void): void {
  const created = performance.now();
  let flushed = created;
  const time = Math.max(Date.now(), (lastTime.get(d.id) ?? 0) + 1);
  lastTime.set(d.id, time);
  const body = JSON.stringify({
    device: d.code,
    time,
    values: [
      { dataId: 1001, value: leak },
      { dataId: 1101, value: 30 + (k % 20) },
    ],
  });
  const req = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-device-key': d.key },
      agent,
    },
    (res) => {
      let text = '';
      res.on('data', (b: Buffer) => (text += b.toString()));
      res.on('end', () => {
        answers.push([Date.now(), performance.now() - flushed]);
        const answer = JSON.parse(text) as { code: number; data: { accepted: number } | null };
        if (answer.code !== 0 || !answer.data?.accepted) rejected++;
      });
    },
  );
  // 'finish': the whole request is handed to the socket — the reading is sent
  req.once('finish', () => {
    flushed = performance.now();
    const at = Date.now();
    queued.push([at, flushed - created]);
    onSent?.(at);
  });
  req.on('error', () => failed++);
  req.end(body);
  sent++;
}

const leakOf = (d: FeedDevice, k: number) => (alarmed.has(d.id) ? alarmedLeak(k) : normalLeak(k));

function tick(n: number): void {
  if (probedFrom !== probeIds) {
    probedFrom = probeIds;
    probed = probeIds.map((id) => byId.get(id)).filter((d) => d !== undefined);
    probedIds = new Set(probed.map((d) => d.id));
  }
  // the tiles on screen: each once a second, spread over the ticks
  let budget = cfg.perSecond / TICKS_PER_S;
  for (let i = n % TICKS_PER_S; i < probed.length; i += TICKS_PER_S) {
    const d = probed[i]!;
    const k = (probeCount.get(d.id) ?? 0) + 1;
    probeCount.set(d.id, k);
    const leak = leakOf(d, d.id + k);
    post(d, leak, k, (at) => probes.push([d.id, leak, at]));
    budget--;
  }
  // the rest of the second's readings round-robin over the fleet
  for (; budget > 0; budget--) {
    // a probed device already reports each second: its round-robin slot goes to the next device
    while (probedIds.has(cfg.devices[cursor % cfg.devices.length]!.id)) cursor++;
    const d = cfg.devices[cursor % cfg.devices.length]!;
    const round = Math.floor(cursor / cfg.devices.length);
    cursor++;
    post(d, leakOf(d, d.id + round), d.id + round);
  }
  if (!roundDone && cursor >= cfg.devices.length) {
    roundDone = true;
    process.send!({ type: 'round' });
  }
}

const t0 = performance.now();
let n = 0;
// ticks on the clock, not after each other: a late tick does not slow the rate down
const timer = setInterval(
  () => {
    const due = Math.floor((performance.now() - t0) / (1000 / TICKS_PER_S));
    while (n <= due) tick(n++);
  },
  1000 / TICKS_PER_S / 2,
);

stop = () => {
  clearInterval(timer);
  const seconds = (performance.now() - t0) / 1000;
  // the last posts' answers
  setTimeout(() => {
    agent.destroy();
    const stopped: FeedStopped = { type: 'stopped', sent, failed, rejected, seconds, probes, queued, answers };
    process.send!(stopped, () => process.exit(0));
  }, 1000);
};
