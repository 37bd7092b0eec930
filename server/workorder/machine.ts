import type { OrderAction, OrderStatus } from '../../domain/schemas/workorder';
import { ORDER_STATUS } from '../../domain/schemas/workorder';

/**
 * The state machine of a work order: for each action, the states it may start from, where it leads and
 * the operation permission it needs. 退回 (reject) sends a reviewed order back to 处理中; 转派
 * (reassign) gives an open order to another user and starts it again at 待接单.
 */
export const TRANSITIONS: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus; permission: string }> = {
  accept: { from: [ORDER_STATUS.PENDING], to: ORDER_STATUS.IN_PROGRESS, permission: 'workorder_handle' },
  resolve: { from: [ORDER_STATUS.IN_PROGRESS], to: ORDER_STATUS.REVIEW, permission: 'workorder_handle' },
  approve: { from: [ORDER_STATUS.REVIEW], to: ORDER_STATUS.CLOSED, permission: 'workorder_review' },
  reject: { from: [ORDER_STATUS.REVIEW], to: ORDER_STATUS.IN_PROGRESS, permission: 'workorder_review' },
  reassign: { from: [ORDER_STATUS.PENDING, ORDER_STATUS.IN_PROGRESS], to: ORDER_STATUS.PENDING, permission: 'workorder_dispatch' },
};

export const ACTION_TEXT: Record<OrderAction, { zh: string; en: string }> = {
  accept: { zh: '接单', en: 'accepted' },
  resolve: { zh: '处理完成', en: 'resolved' },
  approve: { zh: '审核通过', en: 'approved' },
  reject: { zh: '退回', en: 'returned' },
  reassign: { zh: '转派', en: 'reassigned' },
};
