/**
 * Try the scale-out mode on one machine: `npm run cluster` starts a private PostgreSQL, Redis and
 * Mosquitto from Debian's packages (each on a free loopback port with a temporary data directory),
 * two Voltguard instances on them, nginx in front of them with deploy/nginx.conf, and the device
 * simulator publishing over MQTT; prints the URLs. Ctrl-C stops everything by its own PID. Options:
 * --instances N (2), --port P (nginx, default 8080; the instances take the ports after it),
 * --devices N and --interval S for the simulator.
 * As root the packages are installed with apt when missing; otherwise it names them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { missingPackages, startMosquitto, startNginx, startPostgres, startRedis, type LocalServer } from './localServices';
import { startInstanceProcess, type InstanceProcess } from './instanceProcess';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const missing = missingPackages();
if (missing.length) {
  if (process.getuid?.() === 0) {
    console.log(`Installing ${missing.join(' ')} with apt…`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.status !== 0) process.exit(1);
  } else {
    console.error(`This needs Debian's packages: ${missing.join(' ')} (apt-get install -y ${missing.join(' ')}), or run it as root.`);
    process.exit(1);
  }
}

const count = Number(arg('instances', '2'));
const balancerPort = Number(arg('port', '8080'));
const password = process.env.ROOT_PASSWORD || `Vg-${randomBytes(6).toString('base64url')}`;
const servers: LocalServer[] = [];
const instances: InstanceProcess[] = [];
let simulator: ChildProcess | null = null;

async function stopAll() {
  if (simulator?.exitCode === null && simulator.pid) process.kill(simulator.pid, 'SIGTERM');
  for (const i of instances) await i.stop();
  for (const s of servers.reverse()) await s.stop();
}

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    void stopAll().then(() => process.exit(0));
  });

try {
  const pg = await startPostgres();
  servers.push(pg);
  const redis = await startRedis();
  servers.push(redis);
  const mqtt = await startMosquitto();
  servers.push(mqtt);
  const databaseUrl = await pg.createDatabase('voltguard');
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    MQTT_URL: mqtt.url,
    ROOT_PASSWORD: password,
    DEMO_PASSWORD: password,
    SIMULATOR: '0',
    // nginx on this host is the one proxy: the browsers' addresses come from its X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
  };
  for (let i = 0; i < count; i++) {
    const name = String.fromCharCode(65 + i);
    instances.push(await startInstanceProcess(name, { env, port: balancerPort + 1 + i, echo: false }));
  }
  const nginx = await startNginx(
    instances.map((i) => `127.0.0.1:${i.port}`),
    balancerPort,
  );
  servers.push(nginx);
  simulator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/simulator/cli.ts',
      '--mqtt',
      mqtt.url,
      '--interval',
      arg('interval', '15'),
      ...(process.argv.includes('--devices') ? ['--devices', arg('devices', '40')] : []),
    ],
    { cwd: path.resolve(import.meta.dirname, '..'), env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' },
  );
  console.log(
    [
      '',
      'Voltguard scale-out on this machine:',
      `  console        http://localhost:${balancerPort}  (nginx with deploy/nginx.conf, in front of every instance)`,
      ...instances.map((i) => `  instance ${i.name}     http://localhost:${i.port}  (directly; /metrics and /readyz here)`),
      `  PostgreSQL     ${databaseUrl}  (data ${pg.dir})`,
      `  Redis          ${redis.url}`,
      `  MQTT broker    ${mqtt.url}  (gateways publish to voltguard/<deviceCode>/up, docs/mqtt.md)`,
      `  simulator      ${process.argv.includes('--devices') ? arg('devices', '40') : 'every'} demo device over MQTT`,
      `  logins         root / ${password} (and the demo users with the same password)`,
      '',
      'Kill one instance (kill -9 <pid>) and watch the consoles behind nginx come back on the others:',
      ...instances.map((i) => `  ${i.name}: pid ${i.pid}`),
      'Ctrl-C stops everything.',
    ].join('\n'),
  );
  for (const i of instances)
    void i.exited.then((code) => {
      if (!stopping) console.log(`instance ${i.name} exited (${code ?? 'killed'})`);
    });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await stopAll();
  process.exit(1);
}
