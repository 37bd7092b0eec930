import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import '../store/workOrderTables';

/** The alarm events linked to work orders, each with its link: what an order's alarms are read through. */
export function linkedAlarms(db: Kysely<Database>) {
  return db.selectFrom('work_order_event').innerJoin('peceventextend', 'peceventextend.id', 'work_order_event.eventId');
}

/** The alarm events of one order. */
export function alarmsOfOrder(db: Kysely<Database>, orderId: number) {
  return linkedAlarms(db).where('work_order_event.orderId', '=', orderId);
}
