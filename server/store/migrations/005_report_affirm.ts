import type { Kysely } from 'kysely';
import { withId } from './tables';

/**
 * Analysis reports (issue 8): who confirmed which period's report. A report is what it covered: its
 * node, the projects of that node the confirming user could see, and its period — so two tenants
 * confirming "all projects" for the same month confirm different reports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, 'report_affirm')
    .addColumn('modelLabel', 'text', (c) => c.notNull())
    .addColumn('nodeId', 'integer', (c) => c.notNull())
    .addColumn('projectKey', 'text', (c) => c.notNull())
    .addColumn('startTime', 'bigint', (c) => c.notNull())
    .addColumn('endTime', 'bigint', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('affirmedAt', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('report_affirm_key', ['modelLabel', 'nodeId', 'projectKey', 'startTime', 'endTime'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_affirm').execute();
}
