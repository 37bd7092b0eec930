/**
 * The probe gateway of bench/alarmLatency.ts, in its own process: each probe device posts one reading
 * over the leak limit to the HTTP ingest, as a field gateway does, stamped with the time it is sent.
 * The consoles measure receipt − that time: the whole path from the gateway to the console.
 */
export {};

const { url, probes, spacingMs } = JSON.parse(process.env.BENCH_PROBE!) as {
  url: string;
  probes: { code: string; key: string }[];
  spacingMs: number;
};

const postMs: number[] = [];
/** refused by the server, or no answer at all (a saturated server stops accepting connections) */
let refused = 0;
for (const p of probes) {
  const time = Date.now();
  // Each probe on its own schedule: a slow answer must not delay the next probe's send.
  void fetch(`${url}/devicedata/api/comm/v1/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-key': p.key },
    body: JSON.stringify({ device: p.code, time, values: [{ dataId: 1001, value: 450 }] }),
  })
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
process.send!({ type: 'done', postMs, refused }, () => process.exit(0));
