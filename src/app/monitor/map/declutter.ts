export interface Placed<T> {
  item: T;
  /** where the project really is */
  x: number;
  y: number;
  /** where its marker is drawn (moved off a neighbour when they would overlap) */
  mx: number;
  my: number;
}

/**
 * Projects a few kilometres apart fall on the same pixel at country scale (two demo projects in
 * Hangzhou are 8 km apart). Rather than zoom, each marker that would cover an earlier one is pushed
 * out on a small circle around its true point, with a leader line drawn back to it, so every marker
 * stays clickable, and out of the boxes in `avoid`. Deterministic: the same input always gives the same layout.
 */
export function declutter<T>(
  points: { item: T; x: number; y: number }[],
  minGap: number,
  avoid: readonly { x0: number; y0: number; x1: number; y1: number }[] = [],
): Placed<T>[] {
  const placed: Placed<T>[] = [];
  // a moved marker (of radius about minGap / 2) stays off the boxes to avoid (the 南海诸岛 inset)
  const r = minGap / 2;
  const free = (mx: number, my: number) =>
    placed.every((p) => Math.hypot(p.mx - mx, p.my - my) >= minGap) &&
    avoid.every((b) => mx + r <= b.x0 || mx - r >= b.x1 || my + r <= b.y0 || my - r >= b.y1);
  for (const p of points) {
    let spot: [number, number] = [p.x, p.y];
    if (!free(p.x, p.y)) {
      search: for (let ring = 1; ring <= 6; ring++) {
        const radius = minGap * ring;
        const steps = 8 * ring;
        for (let k = 0; k < steps; k++) {
          // Start up and to the right, where labels have the most room.
          const angle = -Math.PI / 4 + (2 * Math.PI * k) / steps;
          const cand: [number, number] = [p.x + radius * Math.cos(angle), p.y + radius * Math.sin(angle)];
          if (free(cand[0], cand[1])) {
            spot = cand;
            break search;
          }
        }
      }
    }
    placed.push({ item: p.item, x: p.x, y: p.y, mx: spot[0], my: spot[1] });
  }
  return placed;
}
