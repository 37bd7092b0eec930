import type { ChannelKind, DeliveryKind, DeliveryStatus } from '../../../domain/schemas/notify';
import { t, type MessageKey } from '../../app/i18n/i18n';

/** 通用Webhook / 企业微信 / … in the language in force. */
export const kindText = (kind: ChannelKind | null) => (kind ? t(`notify.kind.${kind}` as MessageKey) : '--');

/** 待发送 / 已发送 / 重试中 / 失败 in the language in force. */
export const statusText = (status: DeliveryStatus) => t(`notify.status.${status}` as MessageKey);

/** 告警 / 告警结束 / 告警升级 / 测试: what a delivery told. */
export const deliveryKindText = (kind: DeliveryKind) => t(`notify.deliveryKind.${kind}` as MessageKey);
