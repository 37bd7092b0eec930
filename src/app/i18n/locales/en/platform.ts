import type { NamespacePack } from '../zh_cn';

/** English, namespace platform: 平台运营 (tenants and projects). */
const platform: NamespacePack<'platform'> = {
  'platformOperate.summary': '{{tenants}} tenants · {{projects}} projects · {{devices}} devices · {{alarms}} unconfirmed alarms',
  'platformOperate.tenants': 'Tenants',
  'platformOperate.projects': 'Projects',
  'platformOperate.newTenant': 'New tenant',
  'platformOperate.newProject': 'New project',
  'platformOperate.tenantName': 'Tenant name',
  'platformOperate.projectName': 'Project name',
  'platformOperate.tenant': 'Tenant',
  'platformOperate.district': 'District',
  'platformOperate.status': 'Status',
  'platformOperate.active': 'Active',
  'platformOperate.suspend': 'Suspend',
  'platformOperate.resume': 'Resume',
  'platformOperate.projectCount': 'Projects',
  'platformOperate.userCount': 'Users',
  'platformOperate.createdAt': 'Created',
  'platformOperate.region': 'Region',
  'platformOperate.devices': 'Devices',
  'platformOperate.health': 'Communication',
  'platformOperate.online': '{{n}} online',
  'platformOperate.fault': '{{n}} faulty',
  'platformOperate.unconfirmed': 'Unconfirmed alarms',
  'platformOperate.servedBy': 'Served by',
  'platformOperate.confirmSuspend': 'Suspend “{{name}}”?',
  'platformOperate.confirmResume': 'Resume “{{name}}”?',
};
export default platform;
