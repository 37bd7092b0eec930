import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseJsonObject } from '../../domain/access';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN } from '../text/text';
import { idText } from '../http/wire';
import { mayEnterArea } from '../access/guard';
import { requireTenant } from '../auth/access';
import { signedIn } from '../access/signedIn';

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
  const route = signedIn(app);
  // The caller's own logo is its own user's data ('self'); another group's logo is the group screen's.
  route.get(
    '/user/logo',
    { schema: { querystring: z.object({ groupId: idText.optional() }) }, config: guarded('self') },
    async ({ session, query: { groupId } }) => {
      if (groupId !== undefined) {
        if (!mayEnterArea(session, 'groups')) throw errors.DENIED();
        const group = await app.db
          .selectFrom('usergroup')
          .select(['tenantId', 'customConfig'])
          .where('id', '=', groupId)
          .executeTakeFirst();
        if (!group) throw errors.NOT_FOUND(NOUN.usergroup);
        requireTenant(session, group.tenantId);
        return ok(fileNameOf(group.customConfig));
      }
      return ok(await userLogo(app, session.userId));
    },
  );
}

/** The logo of a user's first user group that has one (the header's project logo), or null. */
export async function userLogo(app: FastifyInstance, userId: number): Promise<string | null> {
  const groups = await app.db
    .selectFrom('usergroup_user')
    .innerJoin('usergroup', 'usergroup.id', 'usergroup_user.groupId')
    .select('usergroup.customConfig')
    .where('usergroup_user.userId', '=', userId)
    .orderBy('usergroup.id')
    .execute();
  return groups.map((g) => fileNameOf(g.customConfig)).find((n) => n !== null) ?? null;
}
