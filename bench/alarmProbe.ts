/**
 * The probe gateway of bench/alarmLatency.ts, in its own process. Its devices are part of the fleet:
 * each reports normal values every interval from the start, as field gateways do (a device that never
 * reports would fall silent in the communication watch). Once the window opens, each posts one
 * reading over the leak limit, stamped with the time it is sent; the consoles measure receipt − that
 * time, the whole path from the gateway to the console.
 */
export {};

const { url, probes, intervalMs, warmupMs, spacingMs } = JSON.parse(process.env.BENCH_PROBE!) as {
  url: string;
  probes: { code: string; key: string }[];
  intervalMs: number;
  warmupMs: number;
  spacingMs: number;
};

const post = (p: { code: string; key: string }, time: number, leak: number) =>
  fetch(`${url}/devicedata/api/comm/v1/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-key': p.key },
    body: JSON.stringify({ device: p.code, time, values: [{ dataId: 1001, value: leak }] }),
  });

// Normal reports, spread over the interval like the simulator's.
const alarmed = new Set<string>();
probes.forEach((p, i) => {
  setTimeout(
    () => {
      const tick = () => {
        if (!alarmed.has(p.code)) post(p, Date.now(), 80 + (i % 40)).catch(() => undefined);
      };
      tick();
      setInterval(tick, intervalMs).unref();
    },
    (intervalMs * i) / probes.length,
  ).unref();
});
await new Promise((r) => setTimeout(r, warmupMs));
process.send!({ type: 'window' });

const postMs: number[] = [];
/** each probe's over-limit reading time (its send time), by device code: what a bell's paint is measured from */
const sentAt: Record<string, number> = {};
/** refused by the server, or no answer at all (a saturated server stops accepting connections) */
let refused = 0;
for (const p of probes) {
  alarmed.add(p.code);
  const time = Date.now();
  sentAt[p.code] = time;
  // Each probe on its own schedule: a slow answer must not delay the next probe's send.
  void post(p, time, 450)
    .then(async (res) => {
      if (((await res.json()) as { code: number }).code !== 0) refused++;
      postMs.push(Date.now() - time);
    })
    .catch(() => refused++);
  await new Promise((r) => setTimeout(r, spacingMs));
}
// Answers still on their way get a little longer.
const until = Date.now() + 15_000;
while (postMs.length + refused < probes.length && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
refused += probes.length - postMs.length - refused;
process.send!({ type: 'done', postMs, refused, sentAt }, () => process.exit(0));
