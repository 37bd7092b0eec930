import type { FloodPolicy } from '../../domain/floodGroups';

/** How long deliveries of a flooding device and type wait, so the worker sends them as one digest. */
export const FLOOD_HOLD_MS = 5_000;

/**
 * Counts alarms per tenant, device and type over the flood window (the 系统配置 flood policy, as the
 * bell groups them). In memory: per instance, which is what a flood needs — its alarms arrive on the
 * instance the devices feed.
 */
export class FloodWatch {
  private readonly seen = new Map<string, number[]>();

  /** Records an alarm; true when it is part of a flood (threshold reached within the window). */
  note(key: string, at: number, policy: FloodPolicy): boolean {
    const times = (this.seen.get(key) ?? []).filter((t) => at - t < policy.windowMs);
    times.push(at);
    this.seen.set(key, times);
    if (this.seen.size > 10_000) this.prune(at, policy.windowMs);
    return times.length >= policy.threshold;
  }

  private prune(now: number, windowMs: number): void {
    for (const [key, times] of this.seen) if (!times.some((t) => now - t < windowMs)) this.seen.delete(key);
  }
}
