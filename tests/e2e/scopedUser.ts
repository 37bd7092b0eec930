import { expect, type APIRequestContext } from '@playwright/test';
import { passwordDigest } from '../../domain/digest';
import { USER_TYPE } from '../../domain/enums';
import { apiLogin, apiToken } from './helpers';
import { unique } from './info-helpers';

/** The project whose devices (33–40) the live server leaves to the tests' own gateways. */
export const GATEWAY_PROJECT = '武侯购物中心';

/**
 * A token for a service user of its own that serves one project only. On the live server root also
 * sees the simulated devices' alarms (one every few seconds), so a spec that counts sounds or reads
 * "the" alarm signs in as this user to see its own gateway's alarms and nothing else.
 */
export async function scopedToken(request: APIRequestContext, project = GATEWAY_PROJECT, client: 'web' | 'kiosk' | 'api' = 'kiosk') {
  const root = { authorization: `Bearer ${await apiToken(request, 'root')}` };
  const call = async <T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> => {
    const body = (await (await request[method](url, { headers: root, data })).json()) as { code: number; data: T };
    expect(body.code, `${method} ${url}: ${JSON.stringify(body)}`).toBe(0);
    return body.data;
  };
  // the demo service user's role and tenant: its pages include the wall
  const [service] = await call<{ name: string; tenantId: number; roles: { id: number }[] }[]>(
    'get',
    '/auth/v1/user/queryByName?name=service',
  );
  const projects = await call<{ id: number; name: string }[]>('get', '/wisdompower/v1/platform/projects');
  const projectId = projects.find((p) => p.name === project)!.id;
  const name = unique('scoped');
  const password = 'Scoped#Wall1';
  await call('post', '/auth/v1/user', {
    name,
    tenantId: service!.tenantId,
    customConfig: JSON.stringify({ usertype: USER_TYPE.SERVICE }),
    password: await passwordDigest(password),
    roleId: service!.roles[0]!.id,
  });
  const [user] = await call<{ id: number }[]>('get', `/auth/v1/user/queryByName?name=${name}`);
  await call('put', `/wisdompower/v1/platform/user/${user!.id}/projects`, { projectIds: [projectId] });
  const login = await apiLogin(request, name, password, client);
  expect(login.code).toBe(0);
  return login.data.token;
}
