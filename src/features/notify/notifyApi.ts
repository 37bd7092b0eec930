import { queryOptions } from '@tanstack/react-query';
import {
  NOTIFY_PATHS,
  type ChannelCreate,
  type ChannelDto,
  type ChannelTestAnswer,
  type ChannelUpdate,
  type DeliveryDto,
  type DeliveryListRequest,
  type RuleCreate,
  type RuleDto,
  type RuleUpdate,
} from '../../../domain/schemas/notify';
import { api, type RequestOptions } from '../../app/api/client';
import { queryKeys } from '../../app/api/queryKeys';

/** The notification service (docs/notifications.md): channels, rules, deliveries. */
export const notifyApi = {
  channels: (opts?: RequestOptions) => api.get<ChannelDto[]>(NOTIFY_PATHS.channel, opts),
  createChannel: (body: ChannelCreate) => api.post<{ id: number }>(NOTIFY_PATHS.channel, body),
  updateChannel: (id: number, body: ChannelUpdate) => api.put<unknown>(NOTIFY_PATHS.channelById(id), body),
  deleteChannel: (id: number) => api.del<unknown>(NOTIFY_PATHS.channelById(id)),
  /** the receiver's answer; a refusal of the call itself (permission, a refused address) is a toast as usual */
  testChannel: (id: number) => api.post<ChannelTestAnswer>(NOTIFY_PATHS.channelTest(id)),
  rules: () => api.get<RuleDto[]>(NOTIFY_PATHS.rule),
  createRule: (body: RuleCreate) => api.post<{ id: number }>(NOTIFY_PATHS.rule, body),
  updateRule: (id: number, body: RuleUpdate) => api.put<unknown>(NOTIFY_PATHS.ruleById(id), body),
  deleteRule: (id: number) => api.del<unknown>(NOTIFY_PATHS.ruleById(id)),
  /** one page of deliveries with the total */
  deliveries: (body: DeliveryListRequest) => api.page<DeliveryDto>(NOTIFY_PATHS.deliveryList, body),
  resend: (id: string) => api.post<unknown>(NOTIFY_PATHS.deliveryResend(id)),
};

/** The service's reads as cached queries. */
export const notifyQueries = {
  channels: () => queryOptions({ queryKey: queryKeys.notify.channels(), queryFn: () => notifyApi.channels() }),
  rules: () => queryOptions({ queryKey: queryKeys.notify.rules(), queryFn: () => notifyApi.rules() }),
  deliveries: (body: DeliveryListRequest) =>
    queryOptions({ queryKey: queryKeys.notify.deliveries(body), queryFn: () => notifyApi.deliveries(body) }),
};
