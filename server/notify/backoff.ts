/** Waits after the 1st, 2nd … failed attempt; then hourly until a day has passed, then failed. */
const RETRY_STEPS_MS = [1_000, 5_000, 30_000, 120_000, 600_000] as const;
const HOURLY_MS = 3_600_000;
const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** When to try again after `attempts` failed tries of a delivery created at `createdAt`; null: give up. */
export function nextAttemptAt(attempts: number, createdAt: number, now: number): number | null {
  const wait = RETRY_STEPS_MS[attempts - 1] ?? HOURLY_MS;
  const next = now + wait;
  return next - createdAt > GIVE_UP_AFTER_MS ? null : next;
}
