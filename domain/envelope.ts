/** Every answer of every service (spec §7): code 0 is success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  total?: number;
  /** a list page's position, sent back with the next page's request (the event list's keyset paging) */
  cursor?: string;
}

export const UNAUTHORIZED_MSG = 'token过期，请重新登录';
export const DENIED_MSG = '无操作权限!';
