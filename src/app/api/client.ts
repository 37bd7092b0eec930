import type { Envelope } from '../../../domain/envelope';
import { callerHeaders } from '../../../domain/requestPolicy';
import { beginRequest } from './loading';
import { withRetry } from './retry';
import { tokenStorage } from './tokenStorage';
import { toastError } from '../ui/toastStore';
import { currentLanguage, t } from '../i18n/i18n';

/**
 * The server answers errors in the language the client names in Accept-Language (docs/errors.md):
 * the language chosen in the app, not the browser's own list.
 */
export function acceptLanguage(): string {
  return currentLanguage() === 'en' ? 'en' : 'zh-CN';
}

/** Spec §9: 60 s for queries, uploads and downloads. */
export const REQUEST_TIMEOUT_MS = 60_000;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** do not show the error as a toast (the caller shows it) */
  quiet?: boolean;
  /** do not count towards the loading indicator */
  background?: boolean;
  /** raw body (e.g. the token for checktoken) sent as text/plain */
  text?: boolean;
  /**
   * a read (GET by default, a POST query when set): retried with backoff on no answer or a 5xx
   * (READ_RETRY_DELAYS_MS), with one toast after the last attempt. Writes are never retried.
   */
  read?: boolean;
  signal?: AbortSignal;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The session listens here: a 401 anywhere fires the unauthorized event. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<{ data: T; total?: number; msg: string; cursor?: string }> {
  const done = opts.background ? () => {} : beginRequest();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...callerHeaders({ token: tokenStorage.get(), userId: tokenStorage.userId(), lang: acceptLanguage() }),
  };
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (opts.text) {
      headers['Content-Type'] = 'text/plain';
      payload = String(body);
    } else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  const once = async (): Promise<{ data: T; total?: number; msg: string; cursor?: string }> => {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(path, { method, headers, body: payload, signal });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      throw new ApiError(-1, t('msg.network'), 0);
    }
    let env: Envelope<T>;
    try {
      env = (await res.json()) as Envelope<T>;
    } catch {
      throw new ApiError(-1, res.ok ? t('msg.badJson') : t('msg.network'), res.status);
    }
    if (res.status === 401) {
      unauthorizedListeners.forEach((l) => l());
      throw new ApiError(401, env.msg || t('msg.unauthorized'), 401);
    }
    if (typeof env !== 'object' || env === null || typeof env.code !== 'number') {
      throw new ApiError(-1, t('msg.badEnvelope'), res.status);
    }
    if (env.code !== 0) throw new ApiError(env.code, env.msg, res.status);
    return {
      data: env.data,
      msg: env.msg,
      ...(env.total !== undefined ? { total: env.total } : {}),
      ...(typeof env.cursor === 'string' ? { cursor: env.cursor } : {}),
    };
  };
  try {
    return (opts.read ?? method === 'GET') ? await withRetry(once, { signal: opts.signal }) : await once();
  } catch (err) {
    // A 401's message is the session's to show, once, however many calls were refused at the same time.
    if (err instanceof ApiError && !opts.quiet && err.status !== 401) toastError(err.message);
    throw err;
  } finally {
    done();
  }
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts).then((r) => r.data),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body, opts).then((r) => r.data),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body, opts).then((r) => r.data),
  /** a POST that only reads (a list or a query): retried like a GET */
  query: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, body, { read: true, ...opts }).then((r) => r.data),
  del: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('DELETE', path, body, opts).then((r) => r.data),
  /** one page of a list read by a POST: its rows and the total the server counted (retried like a GET) */
  page: <T>(path: string, body: unknown, opts?: RequestOptions) =>
    request<T[]>('POST', path, body, { read: true, ...opts }).then((r) => ({ rows: r.data, total: r.total ?? r.data.length })),
};
