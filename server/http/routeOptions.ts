import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Area } from './routeAccess';

/** The route options' `config` of a signed-in route: its data area and the permission(s) it needs. */
export const guarded = (area: Area, permission?: string) => ({ access: permission ? { area, permission } : { area } });

/**
 * Every `<group>_<action>` of the permission groups and actions, space-separated, for a route open to
 * any of them (a ledger write names the level's own permission inside, per node).
 */
export const anyOperation = (groups: readonly string[], actions: readonly string[]) =>
  groups.flatMap((g) => actions.map((a) => `${g}_${a}`)).join(' ');

/** The route options' `config` of a route reachable without a token, with the reason. */
export const publicRoute = (why: string) => ({ access: { public: why } });

/** The app with zod schemas typing request.body, query and params. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
