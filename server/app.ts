import path from 'node:path';
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorHandling } from './http/errorHandling';
import { storePlugin } from './store/plugin';
import { authentication } from './auth/session';
import { authService } from './auth/plugin';
import { modelService } from './model/plugin';
import { messageService } from './messages/plugin';
import { attachSocket } from './messages/socket';
import { EventLog } from './events/eventLog';
import { bootstrap, type BootstrapResult } from './seed/bootstrap';

export interface AppOptions {
  dataDir: string;
  rootPassword?: string | undefined;
  demoPassword?: string | undefined;
  /** seed the demo ledger and users on first start */
  demo?: boolean;
  tokenTtlMs?: number;
  permissionCheck?: boolean;
  /** directory of the built browser app; served at / when present */
  staticDir?: string | undefined;
  bodyLimit?: number;
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    bootstrapResult: BootstrapResult;
  }
}

export const DEFAULT_TOKEN_TTL_MS = 12 * 3600_000;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit,
    // Clients see our envelope, never Fastify's default error bodies.
    return503OnClosing: true,
    forceCloseConnections: true,
  });

  await app.register(errorHandling, { bodyLimit });
  await app.register(storePlugin, { dataDir: options.dataDir });
  app.decorate('eventLog', new EventLog(app.db));
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
  });

  await app.register(authService, { prefix: '/auth/v1' });
  await app.register(modelService, { prefix: '/model/v1' });
  await app.register(messageService, { prefix: '/messageServer/v1' });

  if (options.staticDir && fs.existsSync(path.join(options.staticDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: path.resolve(options.staticDir), wildcard: false, index: 'index.html' });
  }
  app.decorate('io', attachSocket(app));
  return app;
}
