import type { Kysely } from 'kysely';

/**
 * Escalation (issue 19): when an unconfirmed alarm event escalated. The periodic job finds due events
 * from what is stored (unconfirmed, not yet escalated, raised long enough ago for its level), so a
 * restart neither loses an escalation nor repeats one. The first index serves that search, the second
 * the consoles' list of escalations still unconfirmed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('peceventextend').addColumn('escalatedat', 'bigint').execute();
  await db.schema
    .createIndex('pecevent_escalation_due')
    .on('peceventextend')
    .columns(['confirmeventstatus', 'peceventlevel', 'eventtime', 'escalatedat', 'tenantid'])
    .execute();
  await db.schema
    .createIndex('pecevent_escalated')
    .on('peceventextend')
    .columns(['escalatedat', 'confirmeventstatus', 'projectid'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pecevent_escalated').execute();
  await db.schema.dropIndex('pecevent_escalation_due').execute();
  await db.schema.alterTable('peceventextend').dropColumn('escalatedat').execute();
}
