/**
 * Reconnect storm (issue 13): 1,000 consoles — the browser's own websocket machine and socket.io
 * actor, spread over several client processes, none in the server's — are connected to the real
 * server process (compiled as `npm start` runs it: dist-server/main.mjs, periodic jobs on as in production). The server
 * gets SIGTERM, exits, and is started again on the same data dir; an alarm is ingested the moment it
 * listens again. Prints and records:
 * - the time from the new server listening until every console is subscribed again ('ready':
 *   replayed and joined to its rooms), and from the SIGTERM;
 * - the latency of that first alarm at every console (reading time → receipt): it includes each
 *   console's wait to come back, so it is what an operator sees right after a restart;
 * - that each console got it exactly once.
 * Run: npx tsx bench/reconnectStorm.ts [clients] [processes]   (or npm run bench -- reconnectStorm)
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ServerProcess } from '../tests/server/serverProcess';
import { stats } from './lib';
import { recordResults } from './results';

const CLIENTS = Number(process.argv[2] ?? 1000);
const PROCESSES = Number(process.argv[3] ?? 4);
const TIMEOUT_MS = 180_000;

/** CPU time (ms) a process has used so far, from /proc (utime + stime, in the kernel's clock ticks of 10 ms) */
function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Row {
  back: number | null;
  attemptsAfter: number;
  firstRetryAfter: number | null;
  alarms: [number, number][];
  goingAwayAfter: number | null;
}

// compiled, as `npm start` runs it (scripts/serverBundle.mjs): a restart does not transform its sources again
const server = await ServerProcess.create({ compiled: true });
const children: ChildProcess[] = [];
try {
  await server.start();
  const root = await server.login('root');
  const zhangsan = await server.login('zhangsan');
  // A device of zhangsan's tenant: every console (root's and zhangsan's) may see its alarms.
  const snapshot = await server.call<{ deviceId: number }[]>('GET', '/wisdompower/v1/realtime/snapshot', zhangsan.token);
  const probe = snapshot[0]!;
  const key = await server.call<{ code: string; key: string }>('GET', `/devicedata/api/comm/v1/device/${probe.deviceId}/key`, root.token);
  const raiseAlarm = async (time: number) =>
    server.call(
      'POST',
      '/devicedata/api/comm/v1/ingest',
      null,
      { device: key.code, time, values: [{ dataId: 1001, value: 480 + Math.random() * 10 }] },
      { 'x-device-key': key.key },
    );

  const waitAll = (type: string, ms: number) =>
    Promise.all(
      children.map(
        (child) =>
          new Promise<Record<string, unknown>>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no '${type}' from a client process within ${ms} ms`)), ms);
            const h = (m: { type: string; message?: string }) => {
              if (m.type === 'error') console.error('client:', m.message);
              if (m.type === type) {
                clearTimeout(timer);
                child.off('message', h);
                resolve(m);
              }
            };
            child.on('message', h);
          }),
      ),
    );

  const t0 = Date.now();
  for (let p = 0; p < PROCESSES; p++) {
    const count = Math.floor(CLIENTS / PROCESSES) + (p < CLIENTS % PROCESSES ? 1 : 0);
    children.push(
      fork(fileURLToPath(new URL('./reconnectStormClients.ts', import.meta.url)), [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          BENCH_STORM: JSON.stringify({ url: server.url, users: [root, zhangsan], count, probeDeviceId: probe.deviceId }),
        },
      }),
    );
  }
  await waitAll('ready', TIMEOUT_MS);
  console.log(`${CLIENTS} consoles in ${PROCESSES} processes subscribed in ${Date.now() - t0} ms`);
  // A moment of quiet after the connect storm, as a server that has been up a while.
  await new Promise((r) => setTimeout(r, 2000));

  const done = waitAll('done', TIMEOUT_MS);
  const termAt = Date.now();
  for (const c of children) c.send({ type: 'mark', at: termAt });
  const stopped = await server.stop('SIGTERM');
  const exitedAt = Date.now();
  if (stopped.code !== 0) throw new Error(`the server exited with ${stopped.code} on SIGTERM:\n${server.output.slice(-2000)}`);
  await server.start();
  const listeningAt = Date.now();
  const serverCpuAtListen = processCpuMs(server.child!.pid!);
  for (const c of children) c.send({ type: 'listening' });
  await raiseAlarm(listeningAt);
  const alarmIngestedAt = Date.now();
  await done;
  const serverCpuShare = (processCpuMs(server.child!.pid!) - serverCpuAtListen) / (Date.now() - listeningAt);
  const collected = waitAll('collected', 30_000);
  for (const c of children) c.send({ type: 'collect' });
  const answers = await collected;
  const rows = answers.flatMap((m) => m.rows as Row[]);
  const clientCpuShares = answers.map((m) => +(m.cpuShare as number).toFixed(2));

  const back = rows.map((r) => r.back!).sort((a, b) => a - b);
  const lastBack = back.at(-1)!;
  const firstAlarm = rows.map((r) => r.alarms[0]![0] - r.alarms[0]![1]);
  const doubled = rows.filter((r) => r.alarms.length !== 1).length;
  const firstRetries = rows.map((r) => r.firstRetryAfter!).filter((t) => t !== null);
  const attempts = stats(rows.map((r) => r.attemptsAfter));
  const lat = stats(firstAlarm);
  const sinceListen = stats(back.map((t) => t - listeningAt));

  const closedIn = Number(/SIGTERM: closed in (\d+) ms/.exec(server.output)?.[1] ?? NaN);
  console.log(
    `SIGTERM → exit ${Math.round(stopped.ms)} ms (code ${stopped.code}; the server's own close ${closedIn} ms); exit → listening again ${listeningAt - exitedAt} ms`,
  );
  console.log(`the going-away notice: ${/consoles are told to come back in \d+ ms/.exec(server.output)?.[0] ?? 'no time named'}`);
  console.log(`first retries after the going-away notice spread over ${Math.max(...firstRetries) - Math.min(...firstRetries)} ms`);
  console.log(`connection attempts per console after SIGTERM: p50 ${attempts.p50}, max ${attempts.max}`);
  // How each console learnt of the restart, and when (since the SIGTERM): a console without the notice
  // falls back on its ordinary backoff, and the last of them sets the figure.
  const told = rows.filter((r) => r.goingAwayAfter !== null);
  const noticeAt = stats(told.map((r) => r.goingAwayAfter! - termAt));
  const firstTryAt = stats(firstRetries.map((t) => t - termAt));
  console.log(
    `told by the notice: ${told.length} of ${rows.length} (received p50 ${noticeAt.p50}, max ${noticeAt.max} ms after SIGTERM); first tries p50 ${firstTryAt.p50}, p99 ${firstTryAt.p99}, max ${firstTryAt.max} ms after SIGTERM`,
  );
  console.log(
    `all ${rows.length} consoles subscribed again ${lastBack - listeningAt} ms after the server listened (${lastBack - termAt} ms after SIGTERM); p50 ${sinceListen.p50} ms, p99 ${sinceListen.p99} ms`,
  );
  console.log(
    `first alarm after the restart (ingested ${alarmIngestedAt - listeningAt} ms after listening), reading → console: p50 ${lat.p50} ms, p99 ${lat.p99} ms, max ${lat.max} ms; consoles that got it other than once: ${doubled}`,
  );
  // The consoles stand for 1,000 browsers on machines of their own; here they share the server's 2 cores.
  // A client process near a whole core was the limit, not the server (issue 32's note, 2026-12-02).
  console.log(
    `CPU until all were back: the server ${Math.round(serverCpuShare * 100)} % of a core (from listening); each client process ${clientCpuShares.map((x) => `${Math.round(x * 100)} %`).join(', ')}`,
  );
  if (doubled) throw new Error(`${doubled} consoles got the first alarm other than exactly once`);

  recordResults(
    'reconnectStorm',
    {
      reconnect_storm_clients: rows.length,
      reconnect_storm_sigterm_exit_ms: Math.round(stopped.ms),
      reconnect_storm_server_close_ms: closedIn,
      reconnect_storm_all_resubscribed_ms: lastBack - listeningAt,
      reconnect_storm_all_resubscribed_since_sigterm_ms: lastBack - termAt,
      // issue 32's name for the same figure: SIGTERM → every console subscribed again
      restart_resubscribed_ms: lastBack - termAt,
      reconnect_storm_resubscribed_p50_ms: sinceListen.p50,
      reconnect_storm_first_alarm_p50_ms: lat.p50,
      reconnect_storm_first_alarm_p99_ms: lat.p99,
      reconnect_storm_first_alarm_max_ms: lat.max,
    },
    {
      processes: PROCESSES,
      restart_ms: listeningAt - exitedAt,
      first_retry_spread_ms: Math.max(...firstRetries) - Math.min(...firstRetries),
      told_by_notice: told.length,
      notice_received_p50_ms: noticeAt.p50,
      notice_received_max_ms: noticeAt.max,
      serverCpuShare: +serverCpuShare.toFixed(2),
      clientCpuShares,
    },
  );
} finally {
  for (const c of children) if (c.exitCode === null) c.kill();
  await server.dispose();
}
