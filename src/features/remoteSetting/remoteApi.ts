import { passwordDigest } from '../../../domain/digest';
import { api, ApiError } from '../../app/api/client';
import type { Credentials } from '../../app/session/CredentialFields';
import type { ParamRow } from './paramForm';

const BASE = '/wisdompower/v1/remote/config';

export interface ParamGroup {
  id: number;
  name: string;
}

export const listGroups = (deviceId: number) => api.get<ParamGroup[]>(`${BASE}/${deviceId}/dataparam/group/list`, { quiet: true });

/** Definitions with the values the device answered just now (the server asks the device each time). */
export const readParams = (deviceId: number, groupId: number) =>
  api.query<ParamRow[]>(`${BASE}/${deviceId}/${groupId}/dataparam/list`, {}, { quiet: true });

export type SaveResult = { ok: true; answer: Record<string, number> } | { ok: false; message: string };

/** Saves after 操作验证: the password digest and timestamp travel in userInfo (spec §7). */
export async function saveParams(
  deviceId: number,
  groupId: number,
  params: { id: string; value: number }[],
  cred: Credentials,
): Promise<SaveResult> {
  try {
    const answer = await api.post<Record<string, number>>(
      `${BASE}/save/dataparam/list`,
      {
        deviceId,
        groupId,
        params,
        userInfo: { client: 'web', userName: cred.userName, password: await passwordDigest(cred.password), timestamps: Date.now() },
      },
      { quiet: true },
    );
    return { ok: true, answer };
  } catch (err) {
    return { ok: false, message: err instanceof ApiError ? err.message : String(err) };
  }
}

export const errorText = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);
