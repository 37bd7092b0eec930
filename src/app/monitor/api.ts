import type { MonitorStatis, PlatformStatis, ProjectCoordinate, ProjectStatis } from '../../../domain/schemas/monitor';
import { api, type RequestOptions } from '../api/client';

const BASE = '/wisdompower/v1/monitor';

export interface MonitorFilter {
  /** enterprise (tenant) */
  tenantId?: number | undefined;
  projectId?: number | undefined;
}

export type Variant = 'home' | 'platform';

/** The statistics of the filtered scope; the platform screen asks for the enterprise breakdown too. */
export function loadStatis(variant: Variant, f: MonitorFilter, opts?: RequestOptions): Promise<MonitorStatis | PlatformStatis> {
  if (f.projectId !== undefined) return api.query<MonitorStatis>(`${BASE}/global/statis/project/${f.projectId}`, {}, opts);
  if (variant === 'platform')
    return api.query<PlatformStatis>(`${BASE}/global/platform/statis`, f.tenantId === undefined ? {} : { tenantId: f.tenantId }, opts);
  if (f.tenantId !== undefined) return api.query<MonitorStatis>(`${BASE}/global/statis/tenant/${f.tenantId}`, {}, opts);
  return api.query<MonitorStatis>(`${BASE}/global/statis/global/0`, {}, opts);
}

/** Every visible project (the filter options and the table both come from it). */
export const loadProjects = (opts?: RequestOptions) => api.query<ProjectStatis[]>(`${BASE}/project/statis/list`, {}, opts);

export const loadCoordinates = (f: MonitorFilter, opts?: RequestOptions) =>
  api.get<ProjectCoordinate[]>(
    f.tenantId === undefined ? `${BASE}/project/statis/coordinates/0/global` : `${BASE}/project/statis/coordinates/${f.tenantId}/tenant`,
    opts,
  );
