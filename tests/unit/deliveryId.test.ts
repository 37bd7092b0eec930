import { describe, expect, it } from 'vitest';
import { deliveryId } from '../../server/notify/deliveryId';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('deliveryId', () => {
  it('is a version-7 UUID that carries its millisecond first', () => {
    const id = deliveryId(Date.UTC(2026, 10, 28, 18, 0, 0, 123));
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(Date.UTC(2026, 10, 28, 18, 0, 0, 123));
  });

  it('sorts in the order the ids were made, across milliseconds', () => {
    const ids = [1000, 1001, 5000, 1_800_000_000_000].map((t) => deliveryId(t));
    expect([...ids].sort()).toEqual(ids);
  });

  it('never repeats, also within one millisecond and past the random pool’s refill', () => {
    const ids = Array.from({ length: 5000 }, () => deliveryId(42));
    expect(new Set(ids).size).toBe(5000);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });
});
