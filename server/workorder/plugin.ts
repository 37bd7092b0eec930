import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  assigneesQuery,
  eventOrdersBody,
  type EventOrderDto,
  type AssigneeDto,
  type AssigneeGroupDto,
  orderCreateBody,
  orderListBody,
  orderTransitionBody,
  type OrderDetailDto,
  type OrderRowDto,
} from '../../domain/schemas/workorder';
import type { Session } from '../auth/access';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { NOUN, nounWithId } from '../text/text';
import { idParams } from '../http/wire';
import { mayseeProject, visibleProjects } from '../access/scope';
import { handoverRoutes } from '../handover/routes';
import { assigneeGroups, assignees } from './assignees';
import { createOrder } from './create';
import { figureRoutes } from './figureRoutes';
import { markOverdue } from './overdue';
import { listOrders, orderDetail, ordersOfEvents } from './query';
import { transitionOrder } from './transition';
import { signedIn } from '../access/signedIn';

/** A project the session sees; otherwise 项目 <id> 不存在, as for an id nobody used. */
async function requireProject(app: FastifyInstance, session: Session, projectId: number): Promise<void> {
  if (!mayseeProject(await visibleProjects(app, session), projectId)) throw errors.NOT_FOUND(nounWithId(NOUN.project, projectId));
}

/** How often open orders are checked against their due time. */
const DEFAULT_OVERDUE_CHECK_MS = 30_000;

export interface WorkOrderPluginOptions {
  /** between overdue checks; 0 turns the job off */
  checkMs?: number | undefined;
  /** the clock of dispatch, transitions and the overdue decisions (tests drive it) */
  now?: (() => number) | undefined;
}

/**
 * Work orders (处置工单, issue 29) under /workorder/v1: dispatch, the steps of an order, list, detail,
 * the review figures, and the overdue job on the periodic-jobs holder. Data area: events (the alarm
 * pages); each write needs its operation permission (派单 workorder_dispatch, 处置 workorder_handle,
 * 审核 workorder_review). docs/workorders.md.
 */
export const workOrderService = fp(
  async function workOrderService(fastify: FastifyInstance, opts: WorkOrderPluginOptions) {
    const now = opts.now ?? Date.now;
    const checkMs = opts.checkMs ?? DEFAULT_OVERDUE_CHECK_MS;
    if (checkMs > 0)
      fastify.jobs.add({
        name: 'workorders.overdue',
        periodMs: checkMs,
        run: () => markOverdue(fastify, now()),
        runsHere: () => fastify.leadership.isLeader(),
      });

    await fastify.register(
      async (app) => {
        const route = signedIn(app);
        // reading orders: the event page's browsers and whoever takes part in orders
        const reading = guarded('events', 'event_browser workorder_dispatch workorder_handle workorder_review');
        route.post(
          '/order',
          { schema: { body: orderCreateBody }, config: guarded('events', 'workorder_dispatch') },
          async ({ session, body }) => {
            const id = await createOrder(app, session, body, now());
            return ok({ id }, { msg: '派单成功' });
          },
        );

        route.post(
          '/order/list',
          {
            schema: { body: orderListBody },
            config: reading,
          },
          async ({ session, body }) => {
            const { rows, total } = await listOrders(app, session, body, now());
            return ok<OrderRowDto[]>(rows, { total });
          },
        );

        // the event list's 处置 column: each event's newest order
        route.post(
          '/order/of-events',
          {
            schema: { body: eventOrdersBody },
            config: reading,
          },
          async ({ session, body }) => ok<EventOrderDto[]>(await ordersOfEvents(app, session, body.eventIds, now())),
        );

        route.get('/order/:id', { schema: { params: idParams }, config: reading }, async ({ session, params }) =>
          ok<OrderDetailDto>(await orderDetail(app, session, params.id)),
        );

        // The permission depends on the action (checked inside); any of the three lets a caller in.
        route.post(
          '/order/:id/transition',
          {
            schema: { params: idParams, body: orderTransitionBody },
            config: guarded('events', 'workorder_dispatch workorder_handle workorder_review'),
          },
          async ({ session, body, params }) => {
            const status = await transitionOrder(app, session, params.id, body, now());
            return ok({ id: params.id, status }, { msg: '操作成功' });
          },
        );

        // Who may be given an order of the project (the dispatch dialog's choices).
        route.get(
          '/assignees',
          { schema: { querystring: assigneesQuery }, config: guarded('events', 'workorder_dispatch') },
          async ({ session, query }) => {
            await requireProject(app, session, query.projectId);
            return ok<AssigneeDto[]>(await assignees(app, query.projectId));
          },
        );

        // The user groups an order of the project may go to (the dispatch dialog's other choice).
        route.get(
          '/assignee-groups',
          { schema: { querystring: assigneesQuery }, config: guarded('events', 'workorder_dispatch') },
          async ({ session, query }) => {
            await requireProject(app, session, query.projectId);
            return ok<AssigneeGroupDto[]>(await assigneeGroups(app, query.projectId));
          },
        );

        // 交接班 (issue 29 item 5) on the same clock
        await app.register(handoverRoutes(now), { prefix: '/handover' });

        // The review figures: KPI, 处置统计 and its export.
        await app.register(figureRoutes, { now });
      },
      { prefix: '/workorder/v1' },
    );
  },
  { name: 'workorder', dependencies: ['telemetry'] },
);
