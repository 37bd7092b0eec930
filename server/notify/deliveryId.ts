import { randomFillSync } from 'node:crypto';

/** Random bytes drawn from the system a pool at a time: one draw per id cost more than the id's row. */
const pool = Buffer.alloc(4096);
let used = pool.length;

function random10(): Buffer {
  if (used + 10 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 10;
  return pool.subarray(used - 10, used);
}

/**
 * A delivery's id, its idempotency key for receivers: a version-7 UUID (RFC 9562), the millisecond it
 * was made in its first 48 bits and 74 random bits after. Unique across instances like a random one,
 * but the ids of a storm's deliveries sort in the order they were written, so their primary-key index
 * grows at its end instead of touching a random page of a large tree for each row.
 */
export function deliveryId(now: number = Date.now()): string {
  const r = random10();
  const hex = r.toString('hex');
  const time = now.toString(16).padStart(12, '0');
  // version 7 in the 13th digit, the variant bits 10xx in the 17th
  const variant = ((r[2]! & 0x3f) | 0x80).toString(16).padStart(2, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hex.slice(0, 3)}-${variant}${hex.slice(6, 8)}-${hex.slice(8, 20)}`;
}
