import path from 'node:path';
import { buildApp, DEFAULT_TOKEN_TTL_MS } from './app';
import { CREDENTIALS_FILE } from './seed/credentials';
import { redactUrl } from './store/postgresStore';

/** A numeric setting from the environment, scaled (e.g. seconds to ms); undefined keeps the default. */
function seconds(value: string | undefined, scale: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`环境变量取值无效：${value}`);
  return n * scale;
}

/** Reads the environment, listens, prints how to log in, and shuts down cleanly on a signal. */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const ttlHours = Number(env.TOKEN_TTL_HOURS ?? DEFAULT_TOKEN_TTL_MS / 3600_000);
  const app = await buildApp({
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: seconds(env.DATABASE_POOL_SIZE, 1),
    cluster: env.REDIS_URL ? { redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX || undefined } : undefined,
    rootPassword: env.ROOT_PASSWORD,
    demoPassword: env.DEMO_PASSWORD,
    demo: env.DEMO !== '0',
    tokenTtlMs: ttlHours * 3600_000,
    permissionCheck: env.PERMISSION_CHECK !== '0',
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    logger: env.LOG_LEVEL ? { level: env.LOG_LEVEL } : false,
    // Demo mode feeds the ledger with simulated devices (same ingest path as field gateways).
    simulator:
      env.DEMO !== '0' && env.SIMULATOR !== '0'
        ? { devices: env.SIM_DEVICES ? Number(env.SIM_DEVICES) : undefined, intervalMs: Number(env.SIM_INTERVAL_S ?? 15) * 1000 }
        : false,
    telemetry: {
      retention: {
        // HISTORY_RETENTION_DAYS, the older name, still sets the raw tier.
        rawDays: seconds(env.HISTORY_RAW_RETENTION_DAYS ?? env.HISTORY_RETENTION_DAYS, 1),
        minuteDays: seconds(env.HISTORY_1MIN_RETENTION_DAYS, 1),
        hourDays: seconds(env.HISTORY_1HOUR_RETENTION_DAYS, 1),
      },
      commRetryMs: seconds(env.COMM_RETRY_S, 1000),
      commExitMs: seconds(env.COMM_EXIT_S, 1000),
      remoteTimeoutMs: seconds(env.REMOTE_TIMEOUT_S, 1000),
      leaderPollMs: seconds(env.LEADER_POLL_S, 1000),
    },
  });
  await app.listen({ port, host });
  const url = `http://localhost:${port}`;
  const boot = app.bootstrapResult;
  const lines = [`Voltguard is running at ${url}`, `data: ${dataDir}`, `store: ${app.store.dialect} ${app.store.location}`];
  if (app.cluster) lines.push(`cluster: Redis ${redactUrl(env.REDIS_URL!)} (prefix ${app.cluster.prefix})`);
  if (boot.created) {
    lines.push('First start: created these logins (shown once):');
    for (const l of boot.logins) lines.push(`  ${l.name.padEnd(10)} ${l.generated ? l.password : '(from the environment)'}  ${l.note}`);
    if (boot.credentialsFile) lines.push(`Generated passwords are also in ${boot.credentialsFile} (mode 0600).`);
  } else {
    lines.push(`Log in as root; generated passwords from the first start are in ${path.join(dataDir, CREDENTIALS_FILE)}.`);
  }
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return app;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  startServer().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
