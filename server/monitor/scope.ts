import type { FastifyInstance } from 'fastify';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import { tx } from '../text/text';
import { visibleProjects } from '../access/scope';
import { projectsWithPlaces } from '../devices/projectPlaces';
import type { MonitorScope } from '../../domain/schemas/monitor';

/** A project as the monitor screens list it, with the names of its enterprise and places. */
export interface ScopedProject {
  id: number;
  name: string;
  tenantId: number;
  tenantName: string;
  provinceName: string;
  cityName: string;
  districtName: string;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
}

export interface ResolvedScope {
  modelLabel: MonitorScope;
  id: number;
  name: string;
  /** the projects of the node that the caller may see, by id */
  projects: ScopedProject[];
}

const GLOBAL_NAME = '全部项目';

/**
 * The projects under a node, cut down to what the session may see. An enterprise the caller does not
 * belong to, or a project outside its scope, is refused rather than answered with zeros, so a caller
 * cannot probe another tenant's ids. Places (province, city, district) are shared by tenants: they
 * answer with the caller's own projects there.
 */
export async function resolveScope(app: FastifyInstance, session: Session, modelLabel: MonitorScope, id: number): Promise<ResolvedScope> {
  const visible = await visibleProjects(app, session);
  let q = projectsWithPlaces(app.db).select(['project.address', 'project.longitude', 'project.latitude']);
  const name = await nameOf(app, session, modelLabel, id);
  if (modelLabel === 'project' && visible !== 'all' && !visible.has(id)) throw errors.TENANT_DENIED();
  if (visible !== 'all') {
    if (visible.size === 0) return { modelLabel, id, name, projects: [] };
    q = q.where('project.id', 'in', [...visible]);
  }
  if (modelLabel === 'tenant') q = q.where('project.tenantid', '=', id);
  if (modelLabel === 'province') q = q.where('project.provinceid', '=', id);
  if (modelLabel === 'city') q = q.where('project.cityid', '=', id);
  if (modelLabel === 'district') q = q.where('project.districtid', '=', id);
  if (modelLabel === 'project') q = q.where('project.id', '=', id);
  return { modelLabel, id, name, projects: await q.execute() };
}

/** The node's display name; a node that does not exist is a NOT_FOUND, another tenant a TENANT_DENIED. */
async function nameOf(app: FastifyInstance, session: Session, modelLabel: MonitorScope, id: number): Promise<string> {
  const db = app.db;
  switch (modelLabel) {
    case 'global':
      if (id !== 0) throw errors.BAD_REQUEST(tx('modelLabel 为 global 时 id 须为 0', 'id must be 0 for modelLabel global'));
      return GLOBAL_NAME;
    case 'tenant': {
      if (session.tenants !== 'all' && !session.tenants.includes(id)) throw errors.TENANT_DENIED();
      const row = await db.selectFrom('tenant').select('name').where('id', '=', id).executeTakeFirst();
      if (!row) throw errors.NOT_FOUND(tx(`企业 ${id} `, `Enterprise ${id}`));
      return row.name;
    }
    case 'project': {
      const row = await db.selectFrom('project').select('name').where('id', '=', id).executeTakeFirst();
      if (!row) throw errors.NOT_FOUND(tx(`项目 ${id} `, `Project ${id}`));
      return row.name;
    }
    case 'province':
    case 'city':
    case 'district': {
      const row = await db.selectFrom(modelLabel).select('name').where('id', '=', id).executeTakeFirst();
      if (!row) throw errors.NOT_FOUND(tx(`${PLACE_TEXT[modelLabel]} ${id} `, `${PLACE_EN[modelLabel]} ${id}`));
      return row.name;
    }
  }
}

const PLACE_TEXT = { province: '省份', city: '城市', district: '区县' } as const;
const PLACE_EN = { province: 'Province', city: 'City', district: 'District' } as const;
