import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Area } from './routeAccess';

/** The route options' `config` of a signed-in route: its data area and the permission(s) it needs. */
export const guarded = (area: Area, permission?: string) => ({ access: permission ? { area, permission } : { area } });

/** The route options' `config` of a route reachable without a token, with the reason. */
export const publicRoute = (why: string) => ({ access: { public: why } });

/** The app with zod schemas typing request.body, query and params. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
