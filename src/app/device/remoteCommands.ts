import { passwordDigest } from '../../../domain/digest';
import { api, ApiError } from '../api/client';
import type { Credentials } from '../session/CredentialFields';
import { t } from '../i18n/i18n';

export interface ControlPoint {
  id: number;
  name: string;
  controlType: number;
  para: string;
}

export async function listControlPoints(deviceId: number): Promise<ControlPoint[]> {
  try {
    return await api.query<ControlPoint[]>(`/wisdompower/v1/remote/config/query/${deviceId}/controlpoint/list`, {}, { quiet: true });
  } catch (err) {
    throw new Error(err instanceof ApiError && err.message ? err.message : t('msg.listFailed'), { cause: err });
  }
}

/** Sends one control command; resolves to null on 遥控成功, else the message to show. */
export async function sendControl(deviceId: number, point: ControlPoint, cred: Credentials): Promise<string | null> {
  try {
    await api.put(
      `/wisdompower/v1/remote/config/control/${deviceId}/${point.id}`,
      {
        deviceId,
        controlpoint: point.id,
        data: { paramValue: point.para, type: 0 },
        userInfo: { client: 'web', password: await passwordDigest(cred.password), timestamps: Date.now(), userName: cred.userName },
      },
      { quiet: true },
    );
    return null;
  } catch (err) {
    return err instanceof ApiError && err.message ? err.message : t('remote.failed');
  }
}
