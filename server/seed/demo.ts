import type { Transaction } from 'kysely';
import type { Database } from '../store/schema';
import { PERMISSION_MAP, permissionId, PAGE_PERMISSIONS, type PagePermission } from '../../domain/permissions';
import { ACCESS_TYPE, DEVICE_STATUS, USER_TYPE } from '../../domain/enums';
import { MAIN_DATA_PAGES } from '../http/routeAccess';

/**
 * Demo ledger and users: a platform with two tenants and projects in three provinces, users of every
 * kind, and roles whose pages differ (one with a homepage, one with none).
 */
export interface DemoUser {
  name: string;
  note: string;
  tenant: 'platform' | 'A' | 'B';
  usertype: number;
  role: keyof typeof ROLE_SPECS;
  serves?: string[];
}

const pageIds = (names: readonly PagePermission[]) => names.map((n) => permissionId(n)!);
const opIds = (names: string[]) => names.map((n) => permissionId(n)!);
const ALL_OPS = PERMISSION_MAP.filter((p) => p.kind === 'operation').map((p) => p.id);
const MAIN_PAGES = PAGE_PERMISSIONS.filter((p) => !p.startsWith('wp_platform'));

const ROLE_SPECS = {
  platformAdmin: { name: '平台管理员', tenant: 'platform', pages: pageIds(PAGE_PERMISSIONS), auths: ALL_OPS, homepage: undefined },
  serviceEngineer: {
    name: '运维服务',
    tenant: 'platform',
    // the platform's monitor and every data page but the system settings
    pages: pageIds(['wp_platform_monitor', ...MAIN_DATA_PAGES.filter((p) => p !== 'wp_system_config')]),
    auths: opIds([
      'event_browser',
      'event_confirm',
      'event_update',
      'remote_control',
      'remote_param_browser',
      'remote_param_update',
      'device_browser',
      'historydata_browser',
      'report_browser',
      'workorder_dispatch',
      'workorder_handle',
      'workorder_review',
      'shift_handover',
    ]),
    homepage: undefined,
  },
  tenantAdmin: { name: '项目管理员', tenant: 'A', pages: pageIds(MAIN_PAGES), auths: ALL_OPS, homepage: undefined },
  dutyOperator: {
    name: '值班员',
    tenant: 'A',
    pages: pageIds(['wp_real_time_monitor', 'wp_real_time_data', 'wp_history_data', 'wp_event_manager']),
    // work orders and 交接班 (issue 29) as migrations 015 and 019 grant them to every role holding event confirmation
    auths: opIds([
      'event_browser',
      'event_confirm',
      'event_update',
      'historydata_browser',
      'device_browser',
      'workorder_dispatch',
      'workorder_handle',
      'workorder_review',
      'shift_handover',
    ]),
    homepage: '/alarmEvent',
  },
  tenantBAdmin: { name: '项目管理员', tenant: 'B', pages: pageIds(MAIN_PAGES), auths: ALL_OPS, homepage: undefined },
  viewer: { name: '访客（无页面）', tenant: 'B', pages: [], auths: [], homepage: undefined },
} as const;

export const DEMO_USERS: DemoUser[] = [
  { name: 'platform', note: '平台用户', tenant: 'platform', usertype: USER_TYPE.PLATFORM, role: 'platformAdmin' },
  {
    name: 'service',
    note: '服务用户（服务两个项目）',
    tenant: 'platform',
    usertype: USER_TYPE.SERVICE,
    role: 'serviceEngineer',
    serves: ['西湖文化广场', '武侯购物中心'],
  },
  { name: 'zhangsan', note: '项目用户，租户A 管理员', tenant: 'A', usertype: USER_TYPE.PROJECT, role: 'tenantAdmin' },
  { name: 'lisi', note: '项目用户，租户A 值班员（首页 /alarmEvent）', tenant: 'A', usertype: USER_TYPE.PROJECT, role: 'dutyOperator' },
  { name: 'wangwu', note: '项目用户，租户B 管理员', tenant: 'B', usertype: USER_TYPE.PROJECT, role: 'tenantBAdmin' },
  { name: 'guest', note: '项目用户，租户B 无页面权限', tenant: 'B', usertype: USER_TYPE.PROJECT, role: 'viewer' },
];

const GEO = [
  {
    province: '浙江省',
    code: '33',
    cities: [
      {
        city: '杭州市',
        code: '3301',
        districts: [
          { district: '西湖区', code: '330106', projects: [{ name: '西湖文化广场', tenant: 'A', lng: 120.163, lat: 30.276 }] },
          { district: '滨江区', code: '330108', projects: [{ name: '滨江科技园', tenant: 'A', lng: 120.211, lat: 30.208 }] },
        ],
      },
      {
        city: '宁波市',
        code: '3302',
        districts: [{ district: '鄞州区', code: '330212', projects: [{ name: '鄞州商业中心', tenant: 'A', lng: 121.547, lat: 29.817 }] }],
      },
    ],
  },
  {
    province: '江苏省',
    code: '32',
    cities: [
      {
        city: '南京市',
        code: '3201',
        districts: [{ district: '玄武区', code: '320102', projects: [{ name: '玄武区人民医院', tenant: 'B', lng: 118.797, lat: 32.048 }] }],
      },
    ],
  },
  {
    province: '四川省',
    code: '51',
    cities: [
      {
        city: '成都市',
        code: '5101',
        districts: [{ district: '武侯区', code: '510107', projects: [{ name: '武侯购物中心', tenant: 'B', lng: 104.043, lat: 30.642 }] }],
      },
    ],
  },
] as const;

const LOCATIONS = ['1号配电箱', '2号配电箱', '消防控制室', '地下车库', '厨房配电柜', '空调机房', '照明回路', '电梯机房'];
const VENDORS = ['安科瑞', '正泰', '德力西'];

const TERMINALS_PER_PROJECT = 8;

export async function seedDemo(trx: Transaction<Database>, input: { passwordHashes: Map<string, string>; now: number }): Promise<void> {
  const { now } = input;
  const addTenant = async (name: string) =>
    (await trx.insertInto('tenant').values({ name, customConfig: null, createdAt: now }).returning('id').executeTakeFirstOrThrow()).id;
  const tenantIds = { platform: 1, A: await addTenant('华东安电科技'), B: await addTenant('西南智慧用电') };

  const projectIds = new Map<string, number>();
  let deviceSeq = 0;
  for (const p of GEO) {
    const provinceid = (
      await trx.insertInto('province').values({ name: p.province, code: p.code }).returning('id').executeTakeFirstOrThrow()
    ).id;
    for (const c of p.cities) {
      const cityid = (
        await trx.insertInto('city').values({ name: c.city, code: c.code, provinceid }).returning('id').executeTakeFirstOrThrow()
      ).id;
      for (const d of c.districts) {
        const districtid = (
          await trx.insertInto('district').values({ name: d.district, code: d.code, cityid }).returning('id').executeTakeFirstOrThrow()
        ).id;
        for (const pr of d.projects) {
          const tenantid = tenantIds[pr.tenant];
          const projectid = (
            await trx
              .insertInto('project')
              .values({
                name: pr.name,
                tenantid,
                provinceid,
                cityid,
                districtid,
                address: `${p.province}${c.city}${d.district}`,
                contact: '值班室',
                contactphone: '0571-88888888',
                longitude: pr.lng,
                latitude: pr.lat,
                extendvalue: null,
                createdAt: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
          projectIds.set(pr.name, projectid);
          for (let i = 0; i < TERMINALS_PER_PROJECT; i++) {
            deviceSeq++;
            const code = `VG${d.code}${String(deviceSeq).padStart(4, '0')}`;
            const deviceid = (
              await trx
                .insertInto('terminal')
                .values({
                  name: `${LOCATIONS[i % LOCATIONS.length]}监测终端`,
                  code,
                  devicestatus: DEVICE_STATUS.COMMUNICATING,
                  devicetype: 'VG-ES100 智慧用电探测器',
                  vendor: VENDORS[deviceSeq % VENDORS.length]!,
                  location: `${pr.name}${LOCATIONS[i % LOCATIONS.length]}`,
                  installdate: now - (400 - deviceSeq * 3) * 86_400_000,
                  accesstype: i % 3 === 2 ? ACCESS_TYPE.NB : ACCESS_TYPE['4G'],
                  tenantid,
                  projectid,
                  devicekeyhash: null,
                  extendvalue: null,
                })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id;
            await trx
              .insertInto('pecdeviceinfo')
              .values({ provinceid, cityid, districtid, projectid, deviceid, pecdeviceid: deviceid })
              .execute();
          }
        }
      }
    }
  }

  const roleIds = new Map<string, number>();
  for (const [key, spec] of Object.entries(ROLE_SPECS)) {
    const id = (
      await trx
        .insertInto('role')
        .values({
          name: spec.name,
          tenantId: tenantIds[spec.tenant],
          customConfig: spec.homepage ? JSON.stringify({ homepage: spec.homepage }) : null,
          pageNodes: JSON.stringify(spec.pages),
          auths: JSON.stringify(spec.auths),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    roleIds.set(key, id);
  }

  for (const u of DEMO_USERS) {
    const id = (
      await trx
        .insertInto('app_user')
        .values({
          name: u.name,
          nicName: u.name,
          tenantId: tenantIds[u.tenant],
          customConfig: JSON.stringify({ usertype: u.usertype }),
          passwordHash: input.passwordHashes.get(u.name)!,
          email: null,
          mobilePhone: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await trx
      .insertInto('user_role')
      .values({ userId: id, roleId: roleIds.get(u.role)! })
      .execute();
    for (const project of u.serves ?? []) {
      await trx
        .insertInto('user_model_node')
        .values({ userId: id, modelLabel: 'project', nodeId: projectIds.get(project)! })
        .execute();
    }
  }
  const groupA = (
    await trx
      .insertInto('usergroup')
      .values({ name: '杭州值班组', tenantId: tenantIds.A, customConfig: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const lisi = await trx.selectFrom('app_user').select('id').where('name', '=', 'lisi').executeTakeFirstOrThrow();
  await trx.insertInto('usergroup_user').values({ groupId: groupA, userId: lisi.id }).execute();
}
