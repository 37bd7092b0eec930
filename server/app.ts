import path from 'node:path';
import fs from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { staticCacheControl } from './http/staticCache';
import { clientErrorHandler, errorHandling, frameworkErrors } from './http/errorHandling';
import { zodValidatorCompiler } from './http/validate';
import { routeGuard } from './access/guard';
import { publicRoutes } from './http/publicRoutes';
import { securityHeaders } from './http/securityHeaders';
import { apiDocs } from './http/apiDocs';
import { loggerOptions } from './http/logging';
import { throttling } from './http/throttling';
import { loginSecret } from './auth/loginSecret';
import { storePlugin } from './store/plugin';
import { authentication } from './auth/session';
import { authService } from './accounts/plugin';
import { modelService } from './model/plugin';
import { messageService } from './messages/registration';
import { attachSocket, type SocketPingOptions } from './messages/socket';
import { EventLog } from './eventLog/eventLog';
import { bootstrap, type BootstrapResult } from './seed/bootstrap';
import { telemetryCore } from './telemetry/plugin';
import type { TelemetryCoreOptions } from './telemetry/plugin';
import { attachCluster, type ClusterOptions } from './cluster/attach';
import { mqttPlugin, type MqttOptions } from './mqtt/plugin';
import { deviceDataService } from './devicedata/plugin';
import { messageLogService } from './messages/messageLogRoutes';
import { eventRoutes } from './events/events';
import { historyRoutes } from './history/history';
import { historySeriesRoutes } from './history/historySeries';
import { realtimeRoutes } from './realtime/realtime';
import { realtimeSnapshotRoutes } from './realtime/realtimeSnapshot';
import { thresholdRoutes } from './thresholds/thresholds';
import { remoteRoutes } from './remote/remote';
import { simulatorPlugin } from './simulator/plugin';
import type { SimulatorOptions } from './simulator/simulator';
import { attachPush } from './messages/attach';
import { fileService } from './files/plugin';
import { logoService } from './files/logo';
import { systemService } from './system/plugin';
import { operationLogService } from './oplog/plugin';
import { ledgerService } from './ledger/plugin';
import { monitorService } from './monitor/plugin';
import { reportService } from './report/plugin';
import { platformService } from './platform/plugin';
import { escalationService, type EscalationPluginOptions } from './escalation/plugin';
import { earlyWarningService, type EarlyWarningPluginOptions } from './earlyWarning/plugin';
import { earlyWarningRoutes } from './earlyWarning/routes';
import { workOrderService, type WorkOrderPluginOptions } from './workorder/plugin';
import { LocalSocketBus, type SocketBus } from './auth/sessionBus';
import { watchSessionEvents } from './auth/revocation';
import { IntervalJobs, type JobRunner } from './jobs/periodicJobs';
import { notifyRoutes, notifyService, type NotifyOptions } from './notify/plugin';
import { attachOps, instrument } from './ops/attach';
import { announceStoreHealth } from './ops/storeBanner';

export interface AppOptions {
  dataDir: string;
  /** postgres://… stores everything in PostgreSQL instead of the SQLite file in dataDir */
  databaseUrl?: string | undefined;
  /** connections in the PostgreSQL pool */
  databasePoolSize?: number | undefined;
  rootPassword?: string | undefined;
  demoPassword?: string | undefined;
  /** seed the demo ledger and users on first start */
  demo?: boolean;
  tokenTtlMs?: number;
  permissionCheck?: boolean;
  /** directory of the built browser app; served at / when present */
  staticDir?: string | undefined;
  bodyLimit?: number;
  /** Fastify/pino logger options (secrets are redacted from every line whatever is given) */
  logger?: boolean | object;
  /** logins and login nonces per source address per minute (default 60) */
  loginRateLimit?: number;
  /** trust X-Forwarded-For from this many proxies (the source address of lockouts and throttling) */
  trustProxy?: boolean | string;
  /** upload limit of the file service (default 5 MB) */
  maxFileBytes?: number | undefined;
  /** telemetry core settings (retention, comm watch, remote timeout, periodic jobs) */
  telemetry?: Omit<TelemetryCoreOptions, 'dataDir' | 'shared'>;
  /** several instances on one PostgreSQL and one Redis (REDIS_URL); needs databaseUrl */
  cluster?: ClusterOptions | undefined;
  /** MQTT ingest: a broker to subscribe to (MQTT_URL) or an embedded one (MQTT_PORT) */
  mqtt?: MqttOptions | undefined;
  /** project events kept in memory for reconnect replay; older gaps get a resync */
  pushWindow?: number;
  /** run simulated devices in process; off unless given (tests stay deterministic) */
  simulator?: SimulatorOptions | false;
  /** socket.io heartbeat (default 25 s interval, 20 s timeout) */
  socketPing?: SocketPingOptions;
  /** escalation of unconfirmed alarms: how often to check (0: off) and its clock (issue 19) */
  escalation?: EscalationPluginOptions;
  /** early warning (issue 31): how often to look for a newly closed hour to judge */
  earlyWarning?: EarlyWarningPluginOptions;
  /** work orders (issue 29): how often to mark overdue orders (0: off) and the clock of their decisions */
  workorder?: WorkOrderPluginOptions;
  /** what runs the periodic jobs: the wall clock unless given (the test suite gives a clock it moves) */
  jobs?: JobRunner | undefined;
  /** carries session revocation and re-scoping to the sockets; in process unless given (issue 16: Redis) */
  socketBus?: SocketBus;
  /** notifications (issue 28): private receivers, the console link, the delivery worker's clock and timing */
  notify?: NotifyOptions;
  /** METRICS_TOKEN: opens /metrics to any address that sends it as a bearer token (else this host only) */
  metricsToken?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    bootstrapResult: BootstrapResult;
    jobs: JobRunner;
  }
}

export const DEFAULT_TOKEN_TTL_MS = 12 * 3600_000;
const DEFAULT_BODY_LIMIT = 1024 * 1024;
const DEFAULT_LOGIN_RATE_LIMIT = 60;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  if (options.cluster && !options.databaseUrl) throw new Error('REDIS_URL（多实例）需要 DATABASE_URL：各实例必须共用一个 PostgreSQL');
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = Fastify({
    logger: loggerOptions(options.logger ?? false),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    bodyLimit,
    // Requests arriving while the app closes get our envelope (server/ops/attach.ts), not Fastify's body.
    return503OnClosing: false,
    forceCloseConnections: true,
    // Clients see our envelope, never Fastify's default error bodies: router and HTTP parser failures too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(zodValidatorCompiler);

  await app.register(errorHandling, { bodyLimit });
  await app.register(securityHeaders);
  await app.register(throttling, { redisUrl: options.cluster?.redisUrl, prefix: options.cluster?.prefix });
  await app.register(storePlugin, { dataDir: options.dataDir, databaseUrl: options.databaseUrl, poolSize: options.databasePoolSize });
  const jobs = options.jobs ?? new IntervalJobs((name, err) => app.log.error({ err }, `periodic job ${name} failed`));
  app.decorate('jobs', jobs);
  // No job starts while the app shuts down (a run under way is waited for).
  app.addHook('preClose', () => jobs.close());
  app.decorate('eventLog', new EventLog(app.db, Date.now, app.store.dialect === 'sqlite' ? app.store.sqlite : undefined));
  const socketBus = options.socketBus ?? new LocalSocketBus();
  app.decorate('socketBus', socketBus);
  app.addHook('onClose', async () => {
    await socketBus.close();
  });
  watchSessionEvents(app);
  app.decorate(
    'bootstrapResult',
    await bootstrap(app.db, {
      dataDir: options.dataDir,
      rootPassword: options.rootPassword,
      demoPassword: options.demoPassword,
      demo: options.demo ?? true,
    }),
  );
  await app.register(authentication, {
    tokenTtlMs: options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS,
    permissionCheck: options.permissionCheck ?? true,
    singleInstance: !options.cluster,
  });
  await app.register(routeGuard);
  await app.register(apiDocs);
  await attachOps(app, { metricsToken: options.metricsToken });

  await app.register(authService, {
    prefix: '/auth/v1',
    loginRateLimit: options.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT,
    loginSecret: await loginSecret(app, options.dataDir),
  });
  await app.register(modelService, { prefix: '/model/v1' });
  await app.register(messageService, { prefix: '/messageServer/v1' });
  await app.register(telemetryCore, { ...options.telemetry, dataDir: options.dataDir, shared: !!options.cluster });
  await app.register(deviceDataService, { prefix: '/devicedata/api/comm/v1' });
  await app.register(messageLogService, { prefix: '/messageServer/v1' });
  await app.register(fileService, { prefix: '/filemanager/v1', dataDir: options.dataDir, maxFileBytes: options.maxFileBytes });
  await app.register(logoService, { prefix: '/wisdompower/v1' });
  await app.register(systemService, { prefix: '/wisdompower/v1' });
  await app.register(operationLogService, { prefix: '/wisdompower/v1' });
  await app.register(eventRoutes, { prefix: '/wisdompower/v1' });
  await app.register(historyRoutes, { prefix: '/wisdompower/v1' });
  await app.register(historySeriesRoutes, { prefix: '/wisdompower/v1' });
  // The snapshot's static path is registered beside realtime/:deviceId; Fastify prefers static segments.
  await app.register(realtimeSnapshotRoutes, { prefix: '/wisdompower/v1' });
  await app.register(realtimeRoutes, { prefix: '/wisdompower/v1' });
  await app.register(thresholdRoutes, { prefix: '/wisdompower/v1' });
  await app.register(remoteRoutes, { prefix: '/wisdompower/v1' });
  await app.register(ledgerService, { prefix: '/wisdompower/v1' });
  await app.register(monitorService, { prefix: '/wisdompower/v1' });
  await app.register(reportService, { prefix: '/wisdompower/v1' });
  await app.register(platformService, { prefix: '/wisdompower/v1' });
  await app.register(escalationService, options.escalation ?? {});
  await app.register(earlyWarningService, options.earlyWarning ?? {});
  await app.register(earlyWarningRoutes, { prefix: '/wisdompower/v1' });
  await app.register(notifyService, options.notify ?? {});
  await app.register(notifyRoutes, { prefix: '/notify/v1' });
  await app.register(workOrderService, options.workorder ?? {});
  await app.register(mqttPlugin, { ...options.mqtt, bodyLimit });
  await app.register(simulatorPlugin, { ...(options.simulator || {}), enabled: !!options.simulator });

  if (options.staticDir && fs.existsSync(path.join(options.staticDir, 'index.html'))) {
    const root = path.resolve(options.staticDir);
    await app.register(publicRoutes('the browser app', { hide: true }), {
      plugin: fastifyStatic,
      options: {
        root,
        wildcard: false,
        index: 'index.html',
        setHeaders: (reply: FastifyReply, file: string) => {
          reply.header('cache-control', staticCacheControl(root, file));
        },
      },
    });
  }
  app.decorate('io', attachSocket(app, options.socketPing));
  await attachPush(app, options.pushWindow);
  if (options.cluster) await attachCluster(app, options.cluster);
  else app.decorate('cluster', null);
  instrument(app);
  announceStoreHealth(app);
  return app;
}
