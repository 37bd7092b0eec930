import { sql, type Kysely } from 'kysely';
import { portable } from './portable';
import { createLinkTable, withId } from './tables';

// Kysely's schema builder keeps these portable; `id` columns use the dialect's auto-increment.

export async function up(db: Kysely<any>): Promise<void> {
  const p = portable(db);
  await withId(db, 'tenant')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('customConfig', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, 'app_user')
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('nicName', 'text')
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('customConfig', 'text')
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('mobilePhone', 'text')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('updatedAt', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, 'role')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('customConfig', 'text')
    .addColumn('pageNodes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('auths', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await createLinkTable(db, 'user_role', 'userId', 'roleId', 'user_role_role');

  await withId(db, 'usergroup')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('customConfig', 'text')
    .execute();
  await createLinkTable(db, 'usergroup_user', 'groupId', 'userId', 'usergroup_user_user');

  await db.schema
    .createTable('user_model_node')
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('modelLabel', 'text', (c) => c.notNull())
    .addColumn('nodeId', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_model_node_pk', ['userId', 'modelLabel', 'nodeId'])
    .execute();

  await db.schema
    .createTable('auth_token')
    .addColumn('tokenHash', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .addColumn('revokedAt', 'bigint')
    .execute();
  await db.schema.createIndex('auth_token_user').on('auth_token').column('userId').execute();

  await withId(db, 'login_failure')
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failure_name_at').on('login_failure').columns(['userName', 'at']).execute();
  await db.schema
    .createTable('login_lock')
    .addColumn('userName', 'text', (c) => c.primaryKey())
    .addColumn('lockedUntil', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, 'province')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .execute();
  await withId(db, 'city')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('provinceid', 'integer', (c) => c.notNull())
    .execute();
  await withId(db, 'district')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('cityid', 'integer', (c) => c.notNull())
    .execute();
  await withId(db, 'project')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tenantid', 'integer', (c) => c.notNull())
    .addColumn('provinceid', 'integer', (c) => c.notNull())
    .addColumn('cityid', 'integer', (c) => c.notNull())
    .addColumn('districtid', 'integer', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('contact', 'text')
    .addColumn('contactphone', 'text')
    .addColumn('longitude', p.real)
    .addColumn('latitude', p.real)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('extendvalue', 'text')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_tenant').on('project').column('tenantid').execute();
  await withId(db, 'enterprise')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tenantid', 'integer', (c) => c.notNull())
    .addColumn('projectid', 'integer')
    .addColumn('extendvalue', 'text')
    .execute();
  await withId(db, 'terminal')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('devicestatus', 'integer', (c) => c.notNull())
    .addColumn('devicetype', 'text')
    .addColumn('vendor', 'text')
    .addColumn('location', 'text')
    .addColumn('installdate', 'bigint')
    .addColumn('accesstype', 'integer', (c) => c.notNull())
    .addColumn('tenantid', 'integer', (c) => c.notNull())
    .addColumn('projectid', 'integer', (c) => c.notNull())
    .addColumn('devicekeyhash', 'text')
    .addColumn('extendvalue', 'text')
    .execute();
  await db.schema.createIndex('terminal_project').on('terminal').column('projectid').execute();
  await db.schema.createIndex('terminal_tenant').on('terminal').column('tenantid').execute();
  await withId(db, 'pecdeviceinfo')
    .addColumn('provinceid', 'integer', (c) => c.notNull())
    .addColumn('cityid', 'integer', (c) => c.notNull())
    .addColumn('districtid', 'integer', (c) => c.notNull())
    .addColumn('projectid', 'integer', (c) => c.notNull())
    .addColumn('deviceid', 'integer', (c) => c.notNull())
    .addColumn('pecdeviceid', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pecdeviceinfo_device').on('pecdeviceinfo').column('deviceid').execute();

  await db.schema
    .createTable('event_log')
    // PostgreSQL: the sequence every instance draws from (server/eventLog/eventLog.ts orders commits).
    .addColumn(
      'seq',
      p.pg ? 'bigint' : 'integer',
      p.pg ? (c) => c.primaryKey().generatedAlwaysAsIdentity() : (c) => c.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actorId', 'integer')
    .addColumn('actorName', 'text')
    .addColumn('tenantId', 'integer')
    .addColumn('projectId', 'integer')
    .addColumn('subject', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_log_at').on('event_log').column('at').execute();
  await sql`select 1`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('foundation migration is not reversible');
}
