import { z } from 'zod';
import { nodeIdSchema } from './schemas/query';
import { datalogBody } from './telemetry';
import { SERIES_FORMATS } from './seriesWire';

/** The request bodies of the history series answers (seriesWire.ts, seriesStream.ts). */
export const datalogQueryBody = datalogBody.extend({ format: z.enum(SERIES_FORMATS).default('list') });

const MAX_SERIES_PER_QUERY = 20;

export const seriesQueryBody = z.object({
  startTime: datalogBody.shape.startTime,
  endTime: datalogBody.shape.endTime,
  series: z
    .array(
      z.object({
        pecDeviceId: nodeIdSchema,
        dataId: z.number().int(),
        isDiffValue: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(MAX_SERIES_PER_QUERY),
  /**
   * the chart's plot width: a long range (over a week) comes from the coarsest rollup tier that still
   * gives a point per pixel (min, max and average per step); without it, the readings themselves
   */
  pixels: z.number().int().min(1).max(20_000).optional(),
});
