import type { FastifyInstance } from 'fastify';
import '../store/infoSchema';
import {
  DEFAULT_SYSTEM_SETTINGS,
  settingReadBody,
  settingSaveBody,
  type EffectiveSettingsDto,
  type PublicSettingsDto,
  type SettingProjectDto,
  type SettingRoleDto,
  type SystemSettingDto,
} from '../../domain/schemas/info';
import { ok } from '../http/envelope';
import { guarded, publicRoute, typed } from '../http/routeOptions';
import { orEmpty } from '../http/wire';
import { namedTenant } from '../auth/references';
import { transact } from '../eventLog/transact';
import { effectiveSettings, savedSettings } from '../settings/effective';
import { PLATFORM_TENANT_ID } from '../../domain/tenancy';
import { userLogo } from '../files/logo';
import type { Kysely } from 'kysely';
import { errors } from '../errors';
import { tx } from '../text/text';
import type { Database } from '../store/schema';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

/** A tenant's own settings; defaults fill in what was never saved or what an older version lacked. */
export async function tenantSettings(db: Kysely<Database>, tenantId: number): Promise<SystemSettingDto> {
  const saved = await savedSettings(db, tenantId);
  return saved ? { tenantId, ...saved } : { tenantId, settings: DEFAULT_SYSTEM_SETTINGS, updatedAt: null };
}

/**
 * System settings, one record per tenant (the platform's is tenant 1). Spec §6 names no operation
 * permission for settings, so both read and save need the page permission wp_system_config.
 */
export async function settingRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const route = signedIn(app);
  const access = guarded('system', 'wp_system_config');
  const read = (tenantId: number) => tenantSettings(app.db, tenantId);

  // What the console applies (header name, tab title, page size, time zone, logo): every signed-in
  // user reads the settings in force for its tenant, without the settings page's permission.
  route.get('/system/setting/effective', { config: guarded('self') }, async ({ session }) => {
    return ok<EffectiveSettingsDto>({
      settings: await effectiveSettings(app.db, session.tenantId),
      logo: await userLogo(app, session.userId),
    });
  });

  // Before sign-in the login page names the platform and keeps its clock in the platform's zone.
  app.get('/system/setting/public', { config: publicRoute('the login page shows the platform name') }, async () => {
    const s = await effectiveSettings(app.db, PLATFORM_TENANT_ID);
    return ok<PublicSettingsDto>({ platformName: s.platformName, timeZone: s.timeZone });
  });

  route.post('/system/setting', { schema: { body: orEmpty(settingReadBody) }, config: access }, async ({ session, body }) => {
    const tenantId = await namedTenant(app.db, session, body.tenantId);
    return ok(await read(tenantId));
  });

  // The roles the escalation message can go to: the tenant's own (issue 19).
  route.post('/system/setting/roles', { schema: { body: orEmpty(settingReadBody) }, config: access }, async ({ session, body }) => {
    const tenantId = await namedTenant(app.db, session, body.tenantId);
    const roles = await app.db.selectFrom('role').select(['id', 'name']).where('tenantId', '=', tenantId).orderBy('id').execute();
    return ok<SettingRoleDto[]>(roles);
  });

  // The tenant's projects, each switched on or off and given a horizon of its own for early warning (issue 31).
  route.post('/system/setting/projects', { schema: { body: orEmpty(settingReadBody) }, config: access }, async ({ session, body }) => {
    const tenantId = await namedTenant(app.db, session, body.tenantId);
    const projects = await app.db.selectFrom('project').select(['id', 'name']).where('tenantid', '=', tenantId).orderBy('id').execute();
    return ok<SettingProjectDto[]>(projects);
  });

  route.post('/system/setting/save', { schema: { body: settingSaveBody }, config: access }, async ({ session, body }) => {
    const tenantId = await namedTenant(app.db, session, body.tenantId);
    // The escalation message goes to a role of this tenant (issue 19); 0 is nobody.
    const roleId = body.settings.escalateRoleId;
    if (
      roleId &&
      !(await app.db.selectFrom('role').select('id').where('id', '=', roleId).where('tenantId', '=', tenantId).executeTakeFirst())
    )
      throw errors.BAD_REQUEST(tx(`升级通知角色 ${roleId} 不是本租户的角色`, `escalation role ${roleId} is not a role of this tenant`));
    const before = await read(tenantId);
    const now = Date.now();
    await transact(app, async (trx, emit) => {
      const value = JSON.stringify(body.settings);
      await trx
        .insertInto('system_setting')
        .values({ tenantId, value, updatedAt: now })
        .onConflict((oc) => oc.column('tenantId').doUpdateSet({ value, updatedAt: now }))
        .execute();
      emit({
        kind: 'system.setting_saved',
        ...actedBy(session),
        tenantId,
        subject: `tenant:${tenantId}`,
        payload: { before: before.settings, after: body.settings },
      });
    });
    return ok(await read(tenantId), { msg: '保存成功!' });
  });
}
