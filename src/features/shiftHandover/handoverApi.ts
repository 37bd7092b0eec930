import type {
  HandoverDetailDto,
  HandoverDraftDto,
  HandoverListBody,
  HandoverRowDto,
  HandoverStatus,
} from '../../../domain/schemas/handover';
import { api } from '../../app/api/client';

const BASE = '/workorder/v1/handover';

export const handoverDraft = () => api.get<HandoverDraftDto>(`${BASE}/draft`);

export const handOver = (note: string) => api.post<{ id: number }>(BASE, note ? { note } : {});

export const listHandovers = (body: HandoverListBody) => api.page<HandoverRowDto>(`${BASE}/list`, body);

export const handoverDetail = (id: number) => api.get<HandoverDetailDto>(`${BASE}/${id}`);

export const acceptHandover = (id: number, note: string) =>
  api.post<{ id: number; status: HandoverStatus }>(`${BASE}/${id}/accept`, note ? { note } : {});
