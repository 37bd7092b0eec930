import type { FloodPolicy } from '../../domain/floodGroups';
import { FLOODING } from './outbox';
import type { DeliveryRow } from './tables';

/** What goes out as one message: one delivery, or several merged into a digest carried by the first. */
export type Unit = readonly DeliveryRow[];

/**
 * The messages for one channel and recipient out of its due deliveries: the deliveries of a flooding
 * device and type as one digest; all of them as one digest when they reach the flood threshold
 * together; and no more messages than the channel's rate still allows this minute, the excess merged
 * into the last one.
 */
export function composeUnits(rows: readonly DeliveryRow[], flood: FloodPolicy, budget: number): Unit[] {
  const flooding = rows.filter((r) => r.floodKey?.startsWith(FLOODING));
  const rest = rows.filter((r) => !r.floodKey?.startsWith(FLOODING));
  const units: DeliveryRow[][] = [];
  if (flooding.length >= 2) units.push(flooding);
  else rest.unshift(...flooding);
  if (rest.length >= flood.threshold) units.push(rest);
  else units.push(...rest.map((r) => [r]));
  if (units.length <= budget) return units;
  const keep = units.slice(0, Math.max(0, budget - 1));
  return [...keep, units.slice(keep.length).flat()];
}
