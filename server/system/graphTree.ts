import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GraphTreeNode } from '../../domain/schemas/info';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { projectIdsFilter, visibleProjects } from '../access/scope';
import { signedIn } from '../access/signedIn';

type Node = GraphTreeNode;

/**
 * GET graph/tree: province → city → district → project (→ terminal with ?containLeaf=true) holding
 * only branches that lead to a project the caller may see. Built in memory from five flat queries so
 * a 20,000-terminal ledger costs five scans, not one query per node.
 */
export async function graphTreeRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.get(
    '/graph/tree',
    { schema: { querystring: z.object({ containLeaf: z.enum(['true', 'false']).optional() }) }, config: guarded('tree') },
    async ({ session, query: { containLeaf } }) => {
      const visible = projectIdsFilter(await visibleProjects(app, session));
      let pq = app.db.selectFrom('project').select(['id', 'name', 'districtid', 'cityid', 'provinceid']).orderBy('id');
      if (visible) pq = pq.where('id', 'in', visible);
      const projects = await pq.execute();
      const [provinces, cities, districts] = await Promise.all([
        app.db.selectFrom('province').select(['id', 'name']).orderBy('id').execute(),
        app.db.selectFrom('city').select(['id', 'name', 'provinceid']).orderBy('id').execute(),
        app.db.selectFrom('district').select(['id', 'name', 'cityid']).orderBy('id').execute(),
      ]);
      const projectNodes = new Map<number, Node>(
        projects.map((p) => [p.id, { id: p.id, name: p.name, modelLabel: 'project', children: [] }]),
      );
      if (containLeaf === 'true' && projects.length) {
        const terminals = await app.db
          .selectFrom('terminal')
          .select(['id', 'name', 'code', 'projectid'])
          .where('projectid', 'in', [...projectNodes.keys()])
          .orderBy('id')
          .execute();
        for (const t of terminals)
          projectNodes.get(t.projectid)?.children.push({ id: t.id, name: `${t.name}（${t.code}）`, modelLabel: 'terminal', children: [] });
      }
      const group = <T, K>(items: T[], key: (t: T) => K) => {
        const m = new Map<K, T[]>();
        for (const i of items) {
          const list = m.get(key(i));
          if (list) list.push(i);
          else m.set(key(i), [i]);
        }
        return m;
      };
      const projectsByDistrict = group(projects, (p) => p.districtid);
      const districtsByCity = group(districts, (d) => d.cityid);
      const citiesByProvince = group(cities, (c) => c.provinceid);
      const nonEmpty = (n: Node) => n.children.length > 0;
      const tree = provinces
        .map((p): Node => ({
          id: p.id,
          name: p.name,
          modelLabel: 'province',
          children: (citiesByProvince.get(p.id) ?? [])
            .map((c): Node => ({
              id: c.id,
              name: c.name,
              modelLabel: 'city',
              children: (districtsByCity.get(c.id) ?? [])
                .map((d): Node => ({
                  id: d.id,
                  name: d.name,
                  modelLabel: 'district',
                  children: (projectsByDistrict.get(d.id) ?? []).map((pr) => projectNodes.get(pr.id)!),
                }))
                .filter(nonEmpty),
            }))
            .filter(nonEmpty),
        }))
        .filter(nonEmpty);
      return ok(tree);
    },
  );
}
