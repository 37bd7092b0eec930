import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseJsonObject } from '../../domain/access';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { parseOr400 } from '../http/validate';
import { sessionOf } from '../auth/session';
import { requireTenant } from '../auth/access';

const fileNameOf = (customConfig: string | null) => {
  const v = parseJsonObject(customConfig).fileName;
  return typeof v === 'string' && v ? v : null;
};

/**
 * GET /wisdompower/v1/user/logo (spec §7): data is the logo's file name, loaded afterwards through the
 * file download. Without ?groupId it is the logo of the caller's first user group that has one
 * (the header's project logo); with ?groupId it is that group's logo (the user-group screen).
 */
export async function logoService(app: FastifyInstance) {
  app.get('/user/logo', async (request) => {
    const session = sessionOf(request);
    const { groupId } = parseOr400(z.object({ groupId: z.coerce.number().int().min(0).optional() }), request.query);
    if (groupId !== undefined) {
      const group = await app.db.selectFrom('usergroup').select(['tenantId', 'customConfig']).where('id', '=', groupId).executeTakeFirst();
      if (!group) throw errors.NOT_FOUND('用户组');
      requireTenant(session, group.tenantId);
      return ok(fileNameOf(group.customConfig));
    }
    const groups = await app.db
      .selectFrom('usergroup_user')
      .innerJoin('usergroup', 'usergroup.id', 'usergroup_user.groupId')
      .select('usergroup.customConfig')
      .where('usergroup_user.userId', '=', session.userId)
      .orderBy('usergroup.id')
      .execute();
    return ok(groups.map((g) => fileNameOf(g.customConfig)).find((n) => n !== null) ?? null);
  });
}
