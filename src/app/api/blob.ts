import { callerHeaders } from '../../../domain/requestPolicy';
import { ApiError, REQUEST_TIMEOUT_MS, acceptLanguage } from './client';
import { beginRequest } from './loading';
import { tokenStorage } from './tokenStorage';
import { toastError } from '../ui/toastStore';
import { t } from '../i18n/i18n';

/** Spec §8: a file download that answers JSON is treated as code -1 with 文件不存在. */
const fileMissingMsg = () => t('msg.fileMissing');

function authHeaders(): Record<string, string> {
  return callerHeaders({ token: tokenStorage.get(), lang: acceptLanguage() });
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const done = beginRequest();
  try {
    return await fetch(path, {
      ...init,
      headers: { ...authHeaders(), ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    toastError(t('msg.network'));
    throw new ApiError(-1, t('msg.network'), 0);
  } finally {
    done();
  }
}

/** Downloads a blob (file download, xlsx export); a JSON answer means there is no file. */
export async function fetchBlob(path: string, init: RequestInit = {}, opts: { quiet?: boolean } = {}): Promise<Blob> {
  const res = await send(path, init);
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await res.json().catch(() => ({}))) as { msg?: string };
    // The download call's own rule (spec §8) wins over the server's wording for a missing file.
    const msg = path.includes('/file/downLoad') ? fileMissingMsg() : env.msg || fileMissingMsg();
    if (!opts.quiet) toastError(msg);
    throw new ApiError(-1, msg, res.status);
  }
  return res.blob();
}

export const downloadFile = (fileName: string, opts?: { quiet?: boolean }) =>
  fetchBlob(`/filemanager/v1/file/downLoad?fileName=${encodeURIComponent(fileName)}`, {}, opts);

/** POST /filemanager/v1/file, multipart with the field `file`; data is the stored file name. */
export async function uploadFile(file: File, tenantId?: number): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await send(`/filemanager/v1/file${tenantId !== undefined ? `?tenantId=${tenantId}` : ''}`, { method: 'POST', body: form });
  const env = (await res.json().catch(() => null)) as { code: number; msg: string; data: string } | null;
  if (!env || env.code !== 0) {
    const msg = env?.msg || t('msg.network');
    toastError(msg);
    throw new ApiError(env?.code ?? -1, msg, res.status);
  }
  return env.data;
}
