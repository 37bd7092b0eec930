import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_SYSTEM_SETTINGS, systemSettingsSchema, type SystemSettings } from '../../domain/schemas/info';
import type { Database } from '../store/schema';
import { PLATFORM_TENANT_ID } from '../../domain/tenancy';

/** A tenant's saved settings (newer keys filled from the defaults), or undefined when it saved none. */
export async function savedSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<{ settings: SystemSettings; updatedAt: number } | undefined> {
  const row = await db.selectFrom('system_setting').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
  if (!row) return undefined;
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    stored = {};
  }
  // A stored value from an older version may lack newer keys (timeZone): defaults fill them in.
  const parsed = systemSettingsSchema.partial().safeParse(stored);
  return { settings: { ...DEFAULT_SYSTEM_SETTINGS, ...(parsed.success ? parsed.data : {}) }, updatedAt: Number(row.updatedAt) };
}

/**
 * The settings in force for a tenant: its own record, else the platform's (tenant 1), else the
 * defaults. Read on every use (one indexed row), so a save takes effect at once on every instance.
 */
export async function effectiveSettings(db: Kysely<Database>, tenantId: number): Promise<SystemSettings> {
  return (
    (await savedSettings(db, tenantId))?.settings ?? (await savedSettings(db, PLATFORM_TENANT_ID))?.settings ?? DEFAULT_SYSTEM_SETTINGS
  );
}

/** The project time zone of a session: its day bounds, report hours and export times. */
export async function timeZoneOf(app: FastifyInstance, session: { tenantId: number } | undefined): Promise<string> {
  return (await effectiveSettings(app.db, session?.tenantId ?? PLATFORM_TENANT_ID)).timeZone;
}
