import path from 'node:path';
import { buildApp, DEFAULT_TOKEN_TTL_MS } from './app';
import { CREDENTIALS_FILE } from './seed/credentials';
import { defaultMqttClientId } from './mqtt/clientId';
import { surviveRedisOutages } from './cluster/redisFaults';
import { gracefulShutdown } from './shutdown';
import { checkDataDir, startupFaultLine } from './startupFaults';
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
  checkDataDir(dataDir);
  // TOKEN_TTL_S (seconds) wins over TOKEN_TTL_HOURS: short lifetimes are for trying expiry out.
  const tokenTtlMs = seconds(env.TOKEN_TTL_S, 1000) ?? seconds(env.TOKEN_TTL_HOURS, 3600_000) ?? DEFAULT_TOKEN_TTL_MS;
  if (env.REDIS_URL)
    await surviveRedisOutages((err) => console.error(`Redis unreachable: ${err instanceof Error ? err.message : String(err)}`));
  const app = await buildApp({
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: seconds(env.DATABASE_POOL_SIZE, 1),
    cluster: env.REDIS_URL ? { redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX || undefined } : undefined,
    mqtt:
      env.MQTT_URL || env.MQTT_PORT
        ? {
            url: env.MQTT_URL || undefined,
            port: env.MQTT_URL ? undefined : Number(env.MQTT_PORT),
            host: env.MQTT_HOST || host,
            shareGroup: env.MQTT_SHARE_GROUP,
            topicPrefix: env.MQTT_TOPIC_PREFIX || undefined,
            clientId: env.MQTT_CLIENT_ID || defaultMqttClientId(port),
            sessionExpirySeconds: seconds(env.MQTT_SESSION_EXPIRY_S, 1),
          }
        : undefined,
    rootPassword: env.ROOT_PASSWORD,
    demoPassword: env.DEMO_PASSWORD,
    demo: env.DEMO !== '0',
    tokenTtlMs,
    permissionCheck: env.PERMISSION_CHECK !== '0',
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    logger: env.LOG_LEVEL ? { level: env.LOG_LEVEL } : false,
    loginRateLimit: seconds(env.LOGIN_RATE_LIMIT, 1),
    metricsToken: env.METRICS_TOKEN || undefined,
    trustProxy: env.TRUST_PROXY ? (env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY) : undefined,
    // Demo mode feeds the ledger with simulated devices (same ingest path as field gateways).
    simulator:
      env.DEMO !== '0' && env.SIMULATOR !== '0'
        ? { devices: env.SIM_DEVICES ? Number(env.SIM_DEVICES) : undefined, intervalMs: Number(env.SIM_INTERVAL_S ?? 15) * 1000 }
        : false,
    // ESCALATION_CHECK_S: seconds between escalation checks (default 5); 0 turns escalation off.
    escalation: { checkMs: env.ESCALATION_CHECK_S === '0' ? 0 : seconds(env.ESCALATION_CHECK_S, 1000) },
    earlyWarning: { checkMs: seconds(env.EARLY_WARNING_CHECK_S, 1000) },
    // Notifications (docs/notifications.md): private receivers, console links, worker timing.
    notify: {
      allowPrivate: env.NOTIFY_ALLOW_PRIVATE === '1' || env.NOTIFY_ALLOW_PRIVATE === 'true',
      publicUrl: env.PUBLIC_URL || undefined,
      checkIntervalMs: seconds(env.NOTIFY_CHECK_INTERVAL_MS, 1),
      leaseMs: seconds(env.NOTIFY_LEASE_S, 1000),
      retentionDays: seconds(env.NOTIFY_RETENTION_DAYS, 1),
    },
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
      compactEveryMs: seconds(env.HISTORY_COMPACT_S, 1000),
    },
  });
  try {
    await app.listen({ port, host });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  const url = `http://localhost:${port}`;
  const boot = app.bootstrapResult;
  // The next start of this server on this data takes about as long as this one did (process start to
  // listening): the going-away notice tells consoles to come back then instead of knocking at a closed
  // port while it boots, which on a shared machine took CPU from the boot itself (bench/reconnectStorm.ts).
  // Less what a first start spent creating the data, which no restart repeats; not in a cluster, where
  // the other instances take the consoles at once.
  if (!app.cluster) app.goingAway.backInMs = Math.max(0, Math.round(process.uptime() * 1000) - (boot.createdInMs ?? 0));
  const lines = [`Voltguard is running at ${url}`, `data: ${dataDir}`, `store: ${app.store.dialect} ${app.store.location}`];
  if (app.mqtt) lines.push(`MQTT: ${app.mqtt.embedded ? 'embedded broker at ' : ''}${redactUrl(app.mqtt.url)}`);
  if (app.cluster) lines.push(`cluster: Redis ${redactUrl(env.REDIS_URL!)} (prefix ${app.cluster.prefix})`);
  if (boot.created) {
    lines.push('First start: created these logins (shown once):');
    for (const l of boot.logins) lines.push(`  ${l.name.padEnd(10)} ${l.generated ? l.password : '(from the environment)'}  ${l.note}`);
    if (boot.credentialsFile) lines.push(`Generated passwords are also in ${boot.credentialsFile} (mode 0600).`);
  } else {
    lines.push(`Log in as root; generated passwords from the first start are in ${path.join(dataDir, CREDENTIALS_FILE)}.`);
  }
  console.log(lines.join('\n'));

  // Graceful shutdown (what every deploy, systemctl restart or container stop sends): stop
  // accepting, tell every socket the server is going away, flush and close the store, exit 0.
  const shutdown = gracefulShutdown({
    close: () => {
      // /readyz answers 503 from here on, so a balancer that still polls it takes this instance out.
      app.readiness.drain();
      if (app.goingAway.backInMs) console.log(`consoles are told to come back in ${app.goingAway.backInMs} ms`);
      return app.close();
    },
  });
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  return app;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  // One line naming the problem and what to do, never a stack trace (server/startupFaults.ts).
  startServer().catch((err: unknown) => {
    const env = process.env;
    console.error(
      startupFaultLine(err, {
        port: Number(env.PORT ?? 8080),
        host: env.HOST ?? '0.0.0.0',
        dataDir: path.resolve(env.DATA_DIR ?? 'data'),
        database: env.DATABASE_URL ? env.DATABASE_URL.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@') : undefined,
      }),
    );
    process.exit(1);
  });
}
