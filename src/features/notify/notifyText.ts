import type { ChannelKind, DeliveryStatus } from '../../../domain/schemas/notify';
import { t, type MessageKey } from '../../app/i18n/i18n';

/** 通用Webhook / 企业微信 / … in the language in force. */
export const kindText = (kind: ChannelKind | null) => (kind ? t(`notify.kind.${kind}` as MessageKey) : '--');

/** 待发送 / 已发送 / 重试中 / 失败 in the language in force. */
export const statusText = (status: DeliveryStatus) => t(`notify.status.${status}` as MessageKey);
