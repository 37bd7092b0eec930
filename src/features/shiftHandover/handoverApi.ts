import type {
  HandoverDetailDto,
  HandoverDraftDto,
  HandoverListBody,
  HandoverRowDto,
  HandoverStatus,
} from '../../../domain/schemas/handover';
import { api, request } from '../../app/api/client';

const BASE = '/workorder/v1/handover';

export const handoverDraft = () => api.get<HandoverDraftDto>(`${BASE}/draft`);

export const handOver = (note: string) => api.post<{ id: number }>(BASE, note ? { note } : {});

export async function listHandovers(body: HandoverListBody) {
  const r = await request<HandoverRowDto[]>('POST', `${BASE}/list`, body, { read: true });
  return { rows: r.data, total: r.total ?? r.data.length };
}

export const handoverDetail = (id: number) => api.get<HandoverDetailDto>(`${BASE}/${id}`);

export const acceptHandover = (id: number, note: string) =>
  api.post<{ id: number; status: HandoverStatus }>(`${BASE}/${id}/accept`, note ? { note } : {});
