import type { FloodPolicy } from '../../domain/floodGroups';
import { parseFacts } from './facts';
import { FLOODING } from './outbox';
import type { DeliveryRow } from '../store/notifyTables';

/** What goes out as one message: one delivery, or several merged into a digest carried by the first. */
export type Unit = readonly DeliveryRow[];

/** Deliveries that can share a message: one channel's, to one recipient, in one language. */
export function byRecipient(rows: readonly DeliveryRow[]): DeliveryRow[][] {
  const groups = new Map<string, DeliveryRow[]>();
  for (const r of rows) {
    const key = `${r.channelId}|${r.recipient ?? ''}|${parseFacts(r.facts).lang}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()];
}

/**
 * The messages of an unpaced channel for one recipient out of its due deliveries: the deliveries of
 * a flooding device and type as one digest; all of them as one digest when they reach the flood
 * threshold together; otherwise one message each, at once.
 */
export function composeUnits(rows: readonly DeliveryRow[], flood: FloodPolicy): Unit[] {
  const flooding = rows.filter((r) => r.floodKey?.startsWith(FLOODING));
  const rest = rows.filter((r) => !r.floodKey?.startsWith(FLOODING));
  const units: DeliveryRow[][] = [];
  if (flooding.length >= 2) units.push(flooding);
  else rest.unshift(...flooding);
  if (rest.length >= flood.threshold) units.push(rest);
  else units.push(...rest.map((r) => [r]));
  return units;
}

/**
 * The one message of a paced channel's slot: every due delivery to the recipient waiting longest,
 * oldest first (one delivery alone, else a digest). The other recipients' wait for the next slots.
 */
export function slotUnit(rows: readonly DeliveryRow[]): Unit | null {
  const oldestFirst = [...rows].sort((a, b) => Number(a.createdAt) - Number(b.createdAt));
  const first = oldestFirst[0];
  if (!first) return null;
  return byRecipient(oldestFirst).find((g) => g.includes(first))!;
}
