import { queryOptions } from '@tanstack/react-query';
import type {
  AssigneeDto,
  AssigneeGroupDto,
  EventOrderDto,
  OrderAction,
  OrderDetailDto,
  OrderListBody,
  OrderRowDto,
  OrderStatus,
} from '../../../domain/schemas/workorder';
import { api, request } from '../../app/api/client';
import { queryKeys } from '../../app/api/queryKeys';

const BASE = '/workorder/v1';

const listOrders = (body: OrderListBody) => api.page<OrderRowDto>(`${BASE}/order/list`, body);

const orderDetail = (id: number) => api.get<OrderDetailDto>(`${BASE}/order/${id}`);

/** To a user (assigneeId) or to a user group (groupId). */
export const createOrder = (body: { eventIds: number[]; assigneeId?: number; groupId?: number; note?: string }) =>
  api.post<{ id: number }>(`${BASE}/order`, body);

export interface TransitionInput {
  action: OrderAction;
  cause?: string;
  measures?: string;
  fileIds?: string[];
  overrideReason?: string;
  reason?: string;
  assigneeId?: number;
}

export const transition = (id: number, body: TransitionInput) =>
  api.post<{ id: number; status: OrderStatus }>(`${BASE}/order/${id}/transition`, body);

const assigneesOf = (projectId: number) => api.get<AssigneeDto[]>(`${BASE}/assignees?projectId=${projectId}`);

const assigneeGroupsOf = (projectId: number) => api.get<AssigneeGroupDto[]>(`${BASE}/assignee-groups?projectId=${projectId}`);

/** The newest order of each event (the event list's 处置 column). */
const ordersOfEvents = (eventIds: number[]) =>
  request<EventOrderDto[]>('POST', `${BASE}/order/of-events`, { eventIds }, { read: true }).then((r) => r.data);

/** The work-order reads as cached queries; a project of 0 (none chosen) asks nothing and offers no one. */
export const workOrderQueries = {
  /** the 处置 of the events shown, by their ids joined with commas */
  ofEvents: (ids: string) =>
    queryOptions({
      queryKey: queryKeys.workOrders.ofEvents(ids),
      queryFn: () => ordersOfEvents(ids.split(',').map(Number)),
      enabled: !!ids,
    }),
  list: (body: OrderListBody) => queryOptions({ queryKey: queryKeys.workOrders.list(body), queryFn: () => listOrders(body) }),
  /** one order's detail (read when a screen opens it: useOpenedDetail) */
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.workOrders.detail(id),
      queryFn: () => orderDetail(id),
    }),
  assignees: (projectId: number) =>
    queryOptions({ queryKey: queryKeys.workOrders.assignees(projectId), queryFn: () => assigneesOf(projectId), enabled: projectId > 0 }),
  assigneeGroups: (projectId: number) =>
    queryOptions({
      queryKey: queryKeys.workOrders.assigneeGroups(projectId),
      queryFn: () => assigneeGroupsOf(projectId),
      enabled: projectId > 0,
    }),
};
