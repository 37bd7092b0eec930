import type { FastifyInstance } from 'fastify';
import type { AssigneeDto, AssigneeGroupDto } from '../../domain/schemas/workorder';
import { groupHandlers, mayHandle } from './access';

/** Active users of the project's tenant (and service users serving it) who hold 处置 and see the project. */
export async function assignees(app: FastifyInstance, projectId: number): Promise<AssigneeDto[]> {
  const project = await app.db.selectFrom('project').select('tenantid').where('id', '=', projectId).executeTakeFirst();
  if (!project) return [];
  const users = await app.db.selectFrom('app_user').select(['id', 'name', 'nicName']).where('disabled', '=', 0).orderBy('id').execute();
  const out: AssigneeDto[] = [];
  for (const u of users) if (await mayHandle(app, u.id, projectId)) out.push(u);
  return out;
}

/** The user groups of the project's tenant with at least one member who may handle its orders. */
export async function assigneeGroups(app: FastifyInstance, projectId: number): Promise<AssigneeGroupDto[]> {
  const groups = await app.db
    .selectFrom('usergroup')
    .innerJoin('project', 'project.tenantid', 'usergroup.tenantId')
    .select('usergroup.id')
    .where('project.id', '=', projectId)
    .orderBy('usergroup.id')
    .execute();
  const out: AssigneeGroupDto[] = [];
  for (const g of groups) {
    const group = await groupHandlers(app, g.id, projectId);
    if (group?.members.length) out.push({ id: g.id, name: group.name, members: group.members.length });
  }
  return out;
}
