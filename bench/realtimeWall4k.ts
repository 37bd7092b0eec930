/**
 * Issue 19: the wall's frame time with 5,000 tiles on a 4K screen — bench/realtimeWall.ts at
 * 3840×2160, writing wall_4k_p95_frame_ms beside the 1920×1080 figure.
 */
process.env.WALL_VIEWPORT ??= '3840x2160';
await import('./realtimeWall');

export {};
