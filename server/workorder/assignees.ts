import type { FastifyInstance } from 'fastify';
import type { AssigneeDto } from '../../domain/schemas/workorder';
import { can } from '../auth/access';
import { mayseeProject, visibleProjects } from '../telemetry/visibility';

/** Active users of the project's tenant (and service users serving it) who hold 处置 and see the project. */
export async function assignees(app: FastifyInstance, projectId: number): Promise<AssigneeDto[]> {
  const project = await app.db.selectFrom('project').select('tenantid').where('id', '=', projectId).executeTakeFirst();
  if (!project) return [];
  const users = await app.db.selectFrom('app_user').select(['id', 'name', 'nicName']).where('disabled', '=', 0).orderBy('id').execute();
  const out: AssigneeDto[] = [];
  for (const u of users) {
    const session = await app.sessions.get(u.id);
    if (session && !session.isRoot && can(session, 'workorder_handle') && mayseeProject(await visibleProjects(app, session), projectId))
      out.push(u);
  }
  return out;
}
