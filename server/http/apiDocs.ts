import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { publicRoutes } from './publicRoutes';
import { isPublic, type RouteAccess } from './routeAccess';

const DOCS_PREFIX = '/docs';

/**
 * Swagger UI's page files where the package is installed. The compiled server holds the plugin's code
 * (scripts/serverBundle.mjs: loaded from node_modules at every start, it and its own copies of
 * @fastify/static and yaml took some 100 ms of a restart uncompiled) but not its files, which the
 * plugin would look for beside its code.
 */
function swaggerUiFiles(): { baseDir: string; logo: { type: string; content: Buffer } } {
  const baseDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');
  return { baseDir, logo: { type: 'image/svg+xml', content: fs.readFileSync(path.join(baseDir, 'logo.svg')) } };
}

const zodToOpenApi = createJsonSchemaTransform({ skipList: [] });

/** Who may call a route, as the OpenAPI document says it. */
function accessText(access: RouteAccess | undefined): string {
  if (!access) return '';
  if (isPublic(access)) return `Public (no token): ${access.public}.`;
  return `Needs a token. Data area: ${access.area}${access.permission ? `; permission: ${access.permission.split(' ').join(' or ')}` : ''}.`;
}

/**
 * The OpenAPI document, generated from the routes' own zod schemas and access declarations
 * (@fastify/swagger), served with Swagger UI at /docs and as JSON at /docs/json. Registered before
 * the services so every route is seen.
 */
export const apiDocs = fp(
  async function apiDocs(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Voltguard API',
          version: '1',
          description:
            'Every answer is the envelope {code, msg, data} (code 0 is success); errors and the HTTP status rule: docs/errors.md; ' +
            'access and scope: docs/security.md. Messages are Chinese by default, English with Accept-Language: en.',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: (document) => {
        const out = zodToOpenApi(document as Parameters<typeof zodToOpenApi>[0]);
        const { url, route } = document;
        const access = (route.config as { access?: RouteAccess } | undefined)?.access;
        const s = (out.schema ?? {}) as Record<string, unknown>;
        if (!s.hide && access) {
          s.description = accessText(access);
          if (!isPublic(access)) s.security = [{ bearer: [] }];
          s.tags = [url.split('/')[1] ?? 'api'];
        }
        return { ...out, schema: s };
      },
    });
    await app.register(publicRoutes('the API documentation'), {
      plugin: swaggerUi,
      options: { routePrefix: DOCS_PREFIX, ...swaggerUiFiles() },
    });
  },
  { name: 'api-docs' },
);
