/**
 * Every kind of domain event, with its name in the operation log (zh_cn and en). The event log takes
 * only these kinds (DomainEventInput.kind is OplogKind), so a new kind of write cannot reach the log
 * without a readable name in both languages.
 */
export const OPLOG_KINDS = {
  'user.login': { zh: '登录', en: 'Log in' },
  'user.logout': { zh: '登出', en: 'Log out' },
  'user.created': { zh: '新建用户', en: 'Create user' },
  'user.updated': { zh: '修改用户', en: 'Update user' },
  'user.deleted': { zh: '删除用户', en: 'Delete user' },
  'user.password_changed': { zh: '修改密码', en: 'Change password' },
  'user.password_reset': { zh: '重置密码', en: 'Reset password' },
  'role.created': { zh: '新建角色', en: 'Create role' },
  'role.updated': { zh: '修改角色', en: 'Update role' },
  'role.deleted': { zh: '删除角色', en: 'Delete role' },
  'usergroup.created': { zh: '新建用户组', en: 'Create user group' },
  'usergroup.updated': { zh: '修改用户组', en: 'Update user group' },
  'usergroup.deleted': { zh: '删除用户组', en: 'Delete user group' },
  'file.uploaded': { zh: '上传文件', en: 'Upload file' },
  'system.setting_saved': { zh: '保存系统设置', en: 'Save system settings' },
  'accessscheme.created': { zh: '新建接入方案', en: 'Create access scheme' },
  'accessscheme.deleted': { zh: '删除接入方案', en: 'Delete access scheme' },
  'ledger.created': { zh: '新建台账节点', en: 'Create ledger node' },
  'ledger.updated': { zh: '修改台账节点', en: 'Update ledger node' },
  'ledger.deleted': { zh: '删除台账节点', en: 'Delete ledger node' },
  'ledger.property_created': { zh: '新建自定义属性', en: 'Create custom column' },
  'ledger.property_updated': { zh: '修改自定义属性', en: 'Update custom column' },
  'threshold.saved': { zh: '保存阈值', en: 'Save thresholds' },
  'device.access_updated': { zh: '修改设备接入', en: 'Update device access' },
  'device.key_viewed': { zh: '查看设备密钥', en: 'View device key' },
  'remote.command_issued': { zh: '下发遥控命令', en: 'Issue remote command' },
  'remote.command_answered': { zh: '设备应答', en: 'Device answer' },
  'remote.params_saved': { zh: '保存遥调参数', en: 'Save remote parameters' },
  'tenant.created': { zh: '新建租户', en: 'Create tenant' },
  'tenant.status_changed': { zh: '修改租户状态', en: 'Change tenant status' },
  'project.status_changed': { zh: '修改项目状态', en: 'Change project status' },
  'user.projects_assigned': { zh: '分配服务项目', en: 'Assign served projects' },
  'user.status_changed': { zh: '修改用户状态', en: 'Change user status' },
  'tenant.deleted': { zh: '删除租户', en: 'Delete tenant' },
  'alarm.raised': { zh: '告警产生', en: 'Alarm raised' },
  'alarm.ended': { zh: '告警结束', en: 'Alarm ended' },
  'alarm.confirmed': { zh: '确认事件', en: 'Confirm event' },
  'alarm.remarked': { zh: '事件备注', en: 'Remark on event' },
  'alarm.escalated': { zh: '告警升级', en: 'Alarm escalated' },
  'alarm.escalation_notified': { zh: '发送升级通知', en: 'Send escalation message' },
  'device.status_changed': { zh: '设备状态变化', en: 'Device status change' },
  'report.affirmed': { zh: '确认分析报告', en: 'Confirm analysis report' },
  'notify.channel_created': { zh: '新建通知渠道', en: 'Create notification channel' },
  'notify.channel_updated': { zh: '修改通知渠道', en: 'Update notification channel' },
  'notify.channel_deleted': { zh: '删除通知渠道', en: 'Delete notification channel' },
  'notify.rule_created': { zh: '新建通知规则', en: 'Create notification rule' },
  'notify.rule_updated': { zh: '修改通知规则', en: 'Update notification rule' },
  'notify.rule_deleted': { zh: '删除通知规则', en: 'Delete notification rule' },
  'notify.delivery_resent': { zh: '重发通知', en: 'Resend notification' },
  'workorder.created': { zh: '派单', en: 'Dispatch work order' },
  'workorder.accepted': { zh: '接单', en: 'Accept work order' },
  'workorder.resolved': { zh: '处理完成', en: 'Resolve work order' },
  'workorder.approved': { zh: '审核通过', en: 'Approve work order' },
  'workorder.rejected': { zh: '退回工单', en: 'Return work order' },
  'workorder.reassigned': { zh: '转派', en: 'Reassign work order' },
  'workorder.overdue': { zh: '工单超时', en: 'Work order overdue' },
  'workorder.assigned_notified': { zh: '发送派单通知', en: 'Send work order message' },
  'workorder.overdue_notified': { zh: '发送工单超时通知', en: 'Send overdue work order message' },
  'handover.created': { zh: '交班', en: 'Hand over a shift' },
  'handover.accepted': { zh: '接班', en: 'Accept a shift' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type OplogKind = keyof typeof OPLOG_KINDS;

/** Families offered by the kind filter: the part before the first dot. */
export const OPLOG_FAMILIES: Record<string, { zh: string; en: string }> = {
  user: { zh: '用户', en: 'Users' },
  role: { zh: '角色', en: 'Roles' },
  usergroup: { zh: '用户组', en: 'User groups' },
  file: { zh: '文件', en: 'Files' },
  system: { zh: '系统设置', en: 'System settings' },
  accessscheme: { zh: '接入方案', en: 'Access schemes' },
  ledger: { zh: '设备台账', en: 'Device ledger' },
  threshold: { zh: '阈值', en: 'Thresholds' },
  device: { zh: '设备', en: 'Devices' },
  remote: { zh: '遥控遥调', en: 'Remote operations' },
  tenant: { zh: '租户', en: 'Tenants' },
  project: { zh: '项目', en: 'Projects' },
  alarm: { zh: '告警事件', en: 'Alarm events' },
  report: { zh: '分析报告', en: 'Analysis reports' },
  notify: { zh: '通知', en: 'Notifications' },
  workorder: { zh: '处置工单', en: 'Work orders' },
  handover: { zh: '交接班', en: 'Shift handover' },
};

const isOplogKind = (kind: string): kind is OplogKind => Object.hasOwn(OPLOG_KINDS, kind);

/** The name of a kind; a kind no longer written (an old log row) keeps its raw name. */
export function oplogKindText(kind: string, lang: 'zh' | 'en' = 'zh'): string {
  return isOplogKind(kind) ? OPLOG_KINDS[kind][lang] : kind;
}

/** What an entry acted on, by the prefix of its subject (`user:12` → 用户 12 / User 12). */
const OPLOG_SUBJECTS: Record<string, { zh: string; en: string }> = {
  user: { zh: '用户', en: 'User' },
  role: { zh: '角色', en: 'Role' },
  usergroup: { zh: '用户组', en: 'User group' },
  tenant: { zh: '租户', en: 'Tenant' },
  project: { zh: '项目', en: 'Project' },
  terminal: { zh: '设备', en: 'Device' },
  province: { zh: '省', en: 'Province' },
  city: { zh: '市', en: 'City' },
  district: { zh: '区', en: 'District' },
  peceventextend: { zh: '事件', en: 'Event' },
  equipaccessscheme: { zh: '接入方案', en: 'Access scheme' },
  property: { zh: '自定义属性', en: 'Custom column' },
  file: { zh: '文件', en: 'File' },
  report: { zh: '分析报告', en: 'Analysis report' },
  notify_channel: { zh: '通知渠道', en: 'Notification channel' },
  notify_rule: { zh: '通知规则', en: 'Notification rule' },
  notify_delivery: { zh: '通知', en: 'Notification' },
  workorder: { zh: '工单', en: 'Work order' },
  handover: { zh: '交接班', en: 'Handover' },
};

/** A subject as readers say it; a subject of an unknown shape is shown as stored. */
export function oplogSubjectText(subject: string | null, lang: 'zh' | 'en' = 'zh', name: string | null = null): string {
  if (!subject) return '';
  const i = subject.indexOf(':');
  const noun = i > 0 ? OPLOG_SUBJECTS[subject.slice(0, i)] : undefined;
  // the object by its name when the log knows it (用户组 值班组), by its id otherwise (用户组 5)
  return noun ? `${noun[lang]} ${name ?? subject.slice(i + 1)}` : subject;
}
