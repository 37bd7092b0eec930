/**
 * The one registry of coded errors (after fastify's lib/errors.js). Every non-zero envelope code the
 * server answers comes from here, in Chinese and English, so clients and tests can rely on codes and
 * messages. The HTTP status of an answer follows from the error's kind alone (docs/errors.md).
 */
import { DENIED_MSG, UNAUTHORIZED_MSG } from '../domain/envelope';
import type { Lang } from './text/language';
import { inLang, type Text, type TextArg } from './text/text';

/**
 * What went wrong, from the client's side:
 * - invalid: the request itself is malformed or out of bounds — resending it unchanged fails again;
 * - unauthenticated: no live token (the browser signs in again);
 * - forbidden: the caller may not do this (permission, scope, refused credentials, suspended tenant);
 * - not_found / method / conflict / too_large / media / throttled: what their HTTP names say;
 * - outcome: the request was valid and handled, and the answer is "no": a field device refused or did
 *   not answer, this server has no PDF renderer, a checked token is not alive;
 * - unavailable: this instance cannot serve it right now (a store, Redis or broker it needs is
 *   unreachable, or it is stopping): the same request later, or on another instance, can succeed;
 * - internal: a server defect. Never expected: every other 5xx is a bug.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method'
  | 'conflict'
  | 'too_large'
  | 'media'
  | 'throttled'
  | 'outcome'
  | 'unavailable'
  | 'internal';

export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method: 405,
  conflict: 409,
  too_large: 413,
  media: 415,
  throttled: 429,
  outcome: 200,
  internal: 500,
  unavailable: 503,
};

export class VgError extends Error {
  readonly statusCode: number;

  constructor(
    readonly key: string,
    readonly code: number,
    readonly kind: ErrorKind,
    readonly text: Text,
    readonly data: unknown = null,
  ) {
    super(text.zh);
    this.name = 'VgError';
    this.statusCode = STATUS_OF_KIND[kind];
  }

  messageIn(lang: Lang): string {
    return this.text[lang];
  }
}

function fill(template: string, args: readonly TextArg[], lang: Lang): string {
  let i = 0;
  return template.replace(/%s/g, () => {
    const a = args[i++];
    return a === undefined ? '' : inLang(a, lang);
  });
}

function createError(key: string, code: number, kind: ErrorKind, zh: string, en: string) {
  const make = (...args: TextArg[]) => new VgError(key, code, kind, { zh: fill(zh, args, 'zh'), en: fill(en, args, 'en') });
  return Object.assign(make, { key, code, kind, statusCode: STATUS_OF_KIND[kind] });
}

export const errors = {
  BAD_REQUEST: createError('BAD_REQUEST', 4000, 'invalid', '请求参数错误：%s', 'Bad request: %s'),
  INVALID_JSON: createError('INVALID_JSON', 4001, 'invalid', '请求体不是合法的 JSON：%s', 'The request body is not valid JSON: %s'),
  BODY_TOO_LARGE: createError(
    'BODY_TOO_LARGE',
    4002,
    'too_large',
    '请求体过大，上限为 %s 字节',
    'The request body is too large: at most %s bytes',
  ),
  UNSUPPORTED_MEDIA: createError('UNSUPPORTED_MEDIA', 4003, 'media', '不支持的请求体类型：%s', 'Unsupported request body type: %s'),
  NOT_FOUND_ROUTE: createError('NOT_FOUND_ROUTE', 4004, 'not_found', '接口不存在：%s %s', 'No such service: %s %s'),
  NOT_FOUND: createError('NOT_FOUND', 4005, 'not_found', '%s不存在', '%s does not exist'),
  METHOD_NOT_ALLOWED: createError(
    'METHOD_NOT_ALLOWED',
    4006,
    'method',
    '接口 %s 不支持 %s 方法（支持：%s）',
    'The service %s does not take %s (it takes: %s)',
  ),
  BAD_URL: createError('BAD_URL', 4007, 'invalid', '请求地址无法解析：%s', 'The request URL cannot be read: %s'),
  BAD_MULTIPART: createError(
    'BAD_MULTIPART',
    4008,
    'invalid',
    '上传的表单数据不完整或格式错误：%s',
    'The uploaded form data is incomplete or malformed: %s',
  ),
  CONFLICT: createError('CONFLICT', 4009, 'conflict', '%s', '%s'),
  UNAUTHORIZED: createError('UNAUTHORIZED', 401, 'unauthenticated', UNAUTHORIZED_MSG, 'The token has expired, please log in again'),
  DENIED: createError('DENIED', 403, 'forbidden', DENIED_MSG, 'No permission for this operation!'),
  TENANT_DENIED: createError('TENANT_DENIED', 4031, 'forbidden', '无权访问其他租户的数据', 'No access to data outside your scope'),
  LOGIN_FAILED: createError('LOGIN_FAILED', 4010, 'forbidden', '用户名或密码错误', 'Wrong user name or password'),
  LOGIN_LOCKED: createError(
    'LOGIN_LOCKED',
    4011,
    'throttled',
    '登录失败次数过多，账号已锁定，请 %s 分钟后再试',
    'Too many failed logins: the account is locked here, try again in %s minutes',
  ),
  CLOCK_SKEW: createError(
    'CLOCK_SKEW',
    4012,
    'invalid',
    '请求时间戳与服务器时间相差超过 5 分钟，请校准本机时间',
    'The request timestamp is more than 5 minutes from the server clock: please set this computer’s clock',
  ),
  OLD_PASSWORD_WRONG: createError('OLD_PASSWORD_WRONG', 4013, 'forbidden', '原密码错误', 'The old password is wrong'),
  TOKEN_INVALID: createError(
    'TOKEN_INVALID',
    4014,
    'outcome',
    'token过了有效期或账号被其他用户登录, 请重新登录！',
    'The token has expired or the account logged in elsewhere, please log in again!',
  ),
  TENANT_SUSPENDED: createError(
    'TENANT_SUSPENDED',
    4015,
    'forbidden',
    '所属租户已停用，请联系平台管理员',
    'Your tenant is suspended: please contact the platform administrator',
  ),
  USER_DISABLED: createError(
    'USER_DISABLED',
    4017,
    'forbidden',
    '账号已停用，请联系管理员',
    'This account is disabled: please contact your administrator',
  ),
  LOGIN_NONCE: createError(
    'LOGIN_NONCE',
    4016,
    'invalid',
    '登录请求已失效（一次性登录码已使用或过期），请重新登录',
    'The login request is no longer valid (its one-time code was used or has expired): please log in again',
  ),
  ROOT_ONLY: createError('ROOT_ONLY', 4032, 'forbidden', '只有 root 用户可以执行此操作', 'Only the root user may do this'),
  IN_USE: createError('IN_USE', 4090, 'conflict', '%s', '%s'),
  RATE_LIMITED: createError('RATE_LIMITED', 4029, 'throttled', '请求过于频繁，请稍后再试', 'Too many requests, please try again later'),
  // Telemetry (issue 3): ingest, remote, events.
  DEVICE_UNKNOWN: createError('DEVICE_UNKNOWN', 4301, 'not_found', '设备不存在：%s', 'No such device: %s'),
  DEVICE_KEY_INVALID: createError(
    'DEVICE_KEY_INVALID',
    4302,
    'forbidden',
    // %s: where the key was read (the HTTP header, or the MQTT payload's key field)
    '设备密钥错误（%s）',
    'Wrong device key (%s)',
  ),
  BATCH_TOO_LARGE: createError(
    'BATCH_TOO_LARGE',
    4303,
    'too_large',
    '批次过大：每批最多 %s 个读数',
    'The batch is too large: at most %s readings',
  ),
  TIME_IN_FUTURE: createError(
    'TIME_IN_FUTURE',
    4304,
    'invalid',
    '时间 %s 超前服务器时钟超过 5 分钟',
    'The time %s is more than 5 minutes ahead of the server clock',
  ),
  REMOTE_FAILED: createError('REMOTE_FAILED', 4310, 'outcome', '遥控失败', 'The remote command failed'),
  REMOTE_VERIFY_FAILED: createError('REMOTE_VERIFY_FAILED', 4311, 'forbidden', '操作验证失败：%s', 'Operation verification failed: %s'),
  REMOTE_NO_POINTS: createError(
    'REMOTE_NO_POINTS',
    4312,
    'not_found',
    '没有匹配的设备遥控点列表',
    'The device has no matching control points',
  ),
  REMOTE_READ_FAILED: createError('REMOTE_READ_FAILED', 4313, 'outcome', '获取数据失败', 'Reading the data failed'),
  // Information management (issue 7): files.
  FILE_NOT_FOUND: createError('FILE_NOT_FOUND', 4404, 'not_found', '文件不存在', 'The file does not exist'),
  FILE_TOO_LARGE: createError('FILE_TOO_LARGE', 4405, 'too_large', '文件过大：上限为 %s', 'The file is too large: at most %s'),
  FILE_TYPE: createError('FILE_TYPE', 4406, 'media', '不支持的文件类型：%s（允许：%s）', 'Unsupported file type: %s (allowed: %s)'),
  FILE_FIELD_MISSING: createError(
    'FILE_FIELD_MISSING',
    4407,
    'invalid',
    '请选择要上传的文件（表单字段 file）',
    'Choose a file to upload (form field file)',
  ),
  // Analysis reports (issue 8).
  REPORT_PDF_UNAVAILABLE: createError(
    'REPORT_PDF_UNAVAILABLE',
    4501,
    'outcome',
    '服务器无法生成 PDF（%s），请使用“打印”另存为 PDF',
    'The server cannot make a PDF (%s): use Print and save as PDF',
  ),
  // Notifications (issue 28).
  NOTIFY_ADDRESS_REFUSED: createError(
    'NOTIFY_ADDRESS_REFUSED',
    4601,
    'invalid',
    '通知地址不允许：%s',
    'The notification address is refused: %s',
  ),
  NOTIFY_CONFIG_INVALID: createError(
    'NOTIFY_CONFIG_INVALID',
    4602,
    'invalid',
    '通知渠道配置错误：%s',
    'The channel configuration is wrong: %s',
  ),
  NOTIFY_RESEND_PENDING: createError(
    'NOTIFY_RESEND_PENDING',
    4603,
    'conflict',
    '该通知尚在发送队列中，无需重发',
    'This notification is still queued: no need to send it again',
  ),
  METRICS_DENIED: createError(
    'METRICS_DENIED',
    4033,
    'forbidden',
    '监控指标只对本机或持有 METRICS_TOKEN 的请求开放',
    'Metrics are open only to this host or to requests with the METRICS_TOKEN',
  ),
  NOT_READY: createError('NOT_READY', 5031, 'unavailable', '服务未就绪：%s', 'Not ready: %s'),
  // The store refuses for a while (issue 34 item 4): nothing of the request was kept; send it again later.
  STORE_UNREACHABLE: createError(
    'STORE_UNREACHABLE',
    5032,
    'unavailable',
    '数据库暂时无法连接，本次请求未保存，请稍后重试',
    'The database cannot be reached right now; nothing of this request was kept: please try again shortly',
  ),
  STORE_FULL: createError(
    'STORE_FULL',
    5033,
    'unavailable',
    '存储空间已满，本次请求未保存，请通知管理员释放磁盘空间',
    'The storage is full; nothing of this request was kept: ask the administrator to free disk space',
  ),
  STORE_READ_ONLY: createError(
    'STORE_READ_ONLY',
    5034,
    'unavailable',
    '存储只读，本次请求未保存，请通知管理员检查磁盘或数据库',
    'The storage is read-only; nothing of this request was kept: ask the administrator to check the disk or database',
  ),
  // Work orders (issue 29).
  ORDER_STATE: createError('ORDER_STATE', 4701, 'conflict', '工单 %s 状态为%s，不能%s', 'Work order %s is %s: it cannot be %s'),
  ORDER_NOT_ASSIGNEE: createError(
    'ORDER_NOT_ASSIGNEE',
    4702,
    'forbidden',
    '只有工单的处理人可以%s',
    'Only the work order’s assignee may %s',
  ),
  ORDER_READINGS_OUT: createError(
    'ORDER_READINGS_OUT',
    4703,
    'conflict',
    '设备读数仍超出阈值（%s），请待恢复正常后再提交，或填写强制关闭原因',
    'The device readings are still over their limits (%s): submit once they are back to normal, or state an override reason',
  ),
  ORDER_FIELD_MISSING: createError('ORDER_FIELD_MISSING', 4704, 'invalid', '请填写%s', 'Please give %s'),
  ORDER_EVENTS: createError('ORDER_EVENTS', 4705, 'invalid', '%s', '%s'),
  ORDER_ASSIGNEE: createError(
    'ORDER_ASSIGNEE',
    4706,
    'invalid',
    '处理人 %s 不能处置该项目的工单',
    'User %s cannot handle work orders of this project',
  ),
  // Shift handover and group orders (issue 29).
  HANDOVER_ACCEPTED: createError('HANDOVER_ACCEPTED', 4720, 'conflict', '交接班 %s 已由%s接班', 'Handover %s was already accepted by %s'),
  HANDOVER_SELF: createError('HANDOVER_SELF', 4721, 'forbidden', '不能接自己交出的班', 'You cannot accept your own handover'),
  HANDOVER_DONE: createError('HANDOVER_DONE', 4722, 'conflict', '%s已交班', '%s has already been handed over'),
  ORDER_TARGET: createError(
    'ORDER_TARGET',
    4723,
    'invalid',
    '请指定处理人或用户组中的一个',
    'Give either an assignee or a user group, not both',
  ),
  ORDER_GROUP: createError(
    'ORDER_GROUP',
    4724,
    'invalid',
    '用户组 %s 中没有能处置该项目工单的成员',
    'User group %s has no member who can handle work orders of this project',
  ),
  INTERNAL: createError('INTERNAL', 5000, 'internal', '服务器内部错误，请稍后再试', 'Internal server error, please try again later'),
} as const;

/** A registry error carrying data for the client (what failed), same code, kind and message. */
export function withData(err: VgError, data: unknown): VgError {
  return new VgError(err.key, err.code, err.kind, err.text, data);
}
