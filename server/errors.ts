/**
 * The one registry of coded errors (after fastify's lib/errors.js). Every non-zero envelope code the
 * server answers comes from here, so clients and tests can rely on codes and messages.
 */
import { DENIED_MSG, UNAUTHORIZED_MSG } from '../domain/envelope';

export class VgError extends Error {
  constructor(
    readonly key: string,
    readonly code: number,
    message: string,
    readonly statusCode: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'VgError';
  }
}

type MessageArg = string | number;
function createError(key: string, code: number, template: string, statusCode: number) {
  const make = (...args: MessageArg[]) => {
    let i = 0;
    const message = template.replace(/%s/g, () => String(args[i++] ?? ''));
    return new VgError(key, code, message, statusCode);
  };
  return Object.assign(make, { key, code, statusCode });
}

export const errors = {
  BAD_REQUEST: createError('BAD_REQUEST', 4000, '请求参数错误：%s', 400),
  INVALID_JSON: createError('INVALID_JSON', 4001, '请求体不是合法的 JSON：%s', 400),
  BODY_TOO_LARGE: createError('BODY_TOO_LARGE', 4002, '请求体过大，上限为 %s 字节', 413),
  UNSUPPORTED_MEDIA: createError('UNSUPPORTED_MEDIA', 4003, '不支持的请求体类型：%s', 415),
  NOT_FOUND_ROUTE: createError('NOT_FOUND_ROUTE', 4004, '接口不存在：%s %s', 404),
  NOT_FOUND: createError('NOT_FOUND', 4005, '%s不存在', 404),
  CONFLICT: createError('CONFLICT', 4009, '%s', 409),
  UNAUTHORIZED: createError('UNAUTHORIZED', 401, UNAUTHORIZED_MSG, 401),
  DENIED: createError('DENIED', 403, DENIED_MSG, 403),
  TENANT_DENIED: createError('TENANT_DENIED', 4031, '无权访问其他租户的数据', 403),
  LOGIN_FAILED: createError('LOGIN_FAILED', 4010, '用户名或密码错误', 200),
  LOGIN_LOCKED: createError('LOGIN_LOCKED', 4011, '登录失败次数过多，账号已锁定，请 %s 分钟后再试', 200),
  CLOCK_SKEW: createError('CLOCK_SKEW', 4012, '请求时间戳与服务器时间相差超过 5 分钟，请校准本机时间', 200),
  TENANT_SUSPENDED: createError('TENANT_SUSPENDED', 4015, '所属租户已停用，请联系平台管理员', 200),
  USER_DISABLED: createError('USER_DISABLED', 4016, '账号已停用，请联系管理员', 200),
  OLD_PASSWORD_WRONG: createError('OLD_PASSWORD_WRONG', 4013, '原密码错误', 200),
  ROOT_ONLY: createError('ROOT_ONLY', 4032, '只有 root 用户可以执行此操作', 403),
  IN_USE: createError('IN_USE', 4090, '%s', 409),
  RATE_LIMITED: createError('RATE_LIMITED', 4029, '请求过于频繁，请稍后再试', 429),
  // Telemetry (issue 3): ingest, remote, events.
  DEVICE_UNKNOWN: createError('DEVICE_UNKNOWN', 4301, '设备不存在：%s', 404),
  DEVICE_KEY_INVALID: createError('DEVICE_KEY_INVALID', 4302, '设备密钥错误（X-Device-Key）', 401),
  BATCH_TOO_LARGE: createError('BATCH_TOO_LARGE', 4303, '批次过大：每批最多 %s 个读数', 413),
  TIME_IN_FUTURE: createError('TIME_IN_FUTURE', 4304, '时间 %s 超前服务器时钟超过 5 分钟', 400),
  REMOTE_FAILED: createError('REMOTE_FAILED', 4310, '遥控失败', 200),
  REMOTE_VERIFY_FAILED: createError('REMOTE_VERIFY_FAILED', 4311, '操作验证失败：%s', 200),
  REMOTE_READ_FAILED: createError('REMOTE_READ_FAILED', 4313, '获取数据失败', 200),
  REMOTE_NO_POINTS: createError('REMOTE_NO_POINTS', 4312, '没有匹配的设备遥控点列表', 200),
  // Information management (issue 7): files.
  FILE_NOT_FOUND: createError('FILE_NOT_FOUND', 4404, '文件不存在', 404),
  FILE_TOO_LARGE: createError('FILE_TOO_LARGE', 4405, '文件过大：上限为 %s', 413),
  FILE_TYPE: createError('FILE_TYPE', 4406, '不支持的文件类型：%s（允许：%s）', 415),
  FILE_FIELD_MISSING: createError('FILE_FIELD_MISSING', 4407, '请选择要上传的文件（表单字段 file）', 400),
  // Analysis reports (issue 8).
  REPORT_PDF_UNAVAILABLE: createError('REPORT_PDF_UNAVAILABLE', 4501, '服务器无法生成 PDF（%s），请使用“打印”另存为 PDF', 503),
  INTERNAL: createError('INTERNAL', 5000, '服务器内部错误，请稍后再试', 500),
} as const;

export type ErrorKey = keyof typeof errors;
