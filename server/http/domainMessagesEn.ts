/**
 * English for the Chinese messages the shared schemas (domain/) carry: the browser's forms show the
 * Chinese spec wording, and an English client of the server gets these. A message missing here is
 * answered in Chinese, and tests/server/errors-i18n.test.ts fails on it.
 */
const EXACT: Record<string, string> = {
  // spec §5
  请输入密码: 'Enter the password',
  '密码长度需超过八位！': 'The password must be longer than eight characters!',
  请再次输入密码: 'Enter the password again',
  '两次输入密码不一致!': 'The two passwords differ!',
  '密码需含有大写、小写字母、数字和特殊字符，且长度为8~18位':
    'The password needs upper and lower case letters, a digit and a special character, 8 to 18 characters',
  '密码需含有大写、小写字母、数字和特殊字符，且长度大于八位':
    'The password needs upper and lower case letters, a digit and a special character, more than eight characters',
  '长度在 1 到 140 个字符': 'Length 1 to 140 characters',
  '长度在 1 到 20 个字符': 'Length 1 to 20 characters',
  请不要输入特殊字符: 'Do not enter special characters',
  请输入正确的手机号: 'Enter a valid mobile number',
  请输入正确的固定电话: 'Enter a valid landline number',
  请输入正确的手机号或固定电话: 'Enter a valid mobile or landline number',
  请选择: 'Please choose',
  用户名不能为空: 'The user name must not be empty',
  密码不能为空: 'The password must not be empty',
  不能包含控制字符: 'must not contain control characters',
  须为正整数: 'must be a positive integer',
  'password 须为登录证明（64位小写十六进制）': 'password must be the login proof (64 lower-case hex characters)',
  'nonce 须为登录码（32位小写十六进制）': 'nonce must be the login nonce (32 lower-case hex characters)',
  '须为大于等于 0 的整数': 'must be an integer of 0 or more',
  须为整数: 'must be an integer',
  // domain/schemas
  '手机号格式不正确，须为 11 位手机号码（如 13800000000）': 'The mobile number is not valid: 11 digits (e.g. 13800000000)',
  '邮箱格式不正确（如 name@example.com）': 'The e-mail address is not valid (e.g. name@example.com)',
  '企业微信账号须为 1 到 64 位字母、数字或 _-@.，以字母或数字开头':
    'The WeCom user id must be 1 to 64 letters, digits or _-@., starting with a letter or digit',
  '钉钉用户 ID 须为 1 到 64 位字母、数字或 _-@.': 'The DingTalk user id must be 1 to 64 letters, digits or _-@.',
  'id 须为大于等于 0 的整数': 'id must be an integer of 0 or more',
  'keyword 最长 40 个字符': 'keyword is at most 40 characters',
  'IN 的 limit 须为数组，其余运算符的 limit 须为单个值': 'limit must be a list for IN and a single value for the other operators',
  'IN 的 value 须为数组，其余运算符的 value 须为单个值': 'value must be a list for IN and a single value for the other operators',
  请选择接入方式: 'Choose the access type',
  请选择正确的时区: 'Choose a valid time zone',
  '升级时限须为 0（不升级）或 10 到 86400 秒': 'The escalation time must be 0 (no escalation) or 10 to 86400 seconds',
  '报警数须为 2 到 1000': 'The number of alarms must be 2 to 1000',
  '时间窗须为 5 到 3600 秒': 'The window must be 5 to 3600 seconds',
  '预警时长须为 1 到 30 天的整数': 'The warning horizon must be a whole number of days from 1 to 30',
  '处置时限须为 1 到 720 小时的整数': 'The handling time must be a whole number of hours from 1 to 720',
  '原因目录须为 1 到 50 个不重复的名称': 'The cause catalogue must hold 1 to 50 distinct names',
  '班次须为 1 到 6 个名称不重复的时段，如 白班 08:00-20:00': 'Shifts are 1 to 6 ranges with distinct names, e.g. Day 08:00-20:00',
  请输入正确的服务器地址: 'Enter a valid server address',
  '端口范围 1~65535': 'The port is 1 to 65535',
  日志类型不合法: 'Invalid log kind',
  开始时间须早于结束时间: 'The start time must be before the end time',
  '密码须为 sha256 十六进制摘要（64位小写）': 'The password must be a sha256 hex digest (64 lower-case characters)',
  'customConfig 须为 JSON 对象文本': 'customConfig must be the text of a JSON object',
  租户名称不能为空: 'The tenant name must not be empty',
  'status 须为 1（正常）或 0（停用）': 'status must be 1 (active) or 0 (suspended)',
  '须为毫秒时间戳或 YYYY-MM-DD HH:mm:ss': 'must be a timestamp in ms or YYYY-MM-DD HH:mm:ss',
  '属性标识须以字母开头，由字母、数字或下划线组成，最多 32 位':
    'The property label starts with a letter and holds letters, digits or underscores, at most 32',
  '属性类型须为 string、number 或 date': 'The property type must be string, number or date',
  'objectlabel 须为 project 或 terminal': 'objectlabel must be project or terminal',
  请至少提交一个属性: 'Send at least one property',
  '设备编号须为 1–32 位字母、数字、下划线或横线': 'The device code is 1–32 letters, digits, underscores or dashes',
  '设备状态不在 DEVICE_STATUS 中': 'The device status is not in DEVICE_STATUS',
  '接入方式须为 5（GPRS/4G）或 6（电信平台）': 'The access type must be 5 (GPRS/4G) or 6 (telecom platform)',
  不支持的台账层级: 'Unsupported ledger level',
  'account/node 须为只含一个节点的数组': 'account/node takes an array of exactly one node',
  请选择要删除的节点: 'Choose the nodes to delete',
  请提供设备密钥: 'Give the device keys',
  请选择项目: 'Choose the projects',
  '自定义属性最多 100 个': 'at most 100 custom properties',
  '参数最多 50 个': 'at most 50 parameters',
  'rootLabel 须为 terminal': 'rootLabel must be terminal',
  'startTime 须为 YYYY-MM-DD HH:mm:ss': 'startTime must be YYYY-MM-DD HH:mm:ss',
  'endTime 须为 YYYY-MM-DD HH:mm:ss': 'endTime must be YYYY-MM-DD HH:mm:ss',
  'noticeMode 须为 1、2、3 或 4': 'noticeMode must be 1, 2, 3 or 4',
  // notifications (issue 28)
  '时间须为 HH:mm': 'The time must be HH:mm',
  请选择通知渠道或接收人: 'Choose a channel or a recipient',
  请选择正确的报警等级: 'Choose a valid alarm level',
  '备注长度在 1 到 140 个字符': 'The remark is 1 to 140 characters',
  'remark 长度在 1 到 140 个字符': 'remark is 1 to 140 characters',
};

const PATTERNS: [RegExp, (...m: string[]) => string][] = [
  [/^长度在 1 到 (\d+) 个字符$/, (n) => `Length 1 to ${n} characters`],
  [/^(\w+) 须为 (.+) 之一$/, (field, list) => `${field} must be one of ${list.replace(/、/g, ', ')}`],
  [/^请选择(.+)$/, (what) => `Please choose ${what}`],
];

/** English for a domain message, or undefined when there is none. */
export function domainMessageEn(zh: string): string | undefined {
  const exact = EXACT[zh];
  if (exact) return exact;
  for (const [re, f] of PATTERNS) {
    const m = re.exec(zh);
    if (m) return f(...m.slice(1));
  }
  return /[\u4e00-\u9fff]/.test(zh) ? undefined : zh;
}
