import { z } from 'zod';

/**
 * The query grammar shared by the model query and the event list (spec §7): filter expressions over
 * whitelisted properties, one page, and orders.
 */
export const OPERATORS = ['EQ', 'NE', 'GT', 'GE', 'LT', 'LE', 'IN', 'LIKE'] as const;
export type Operator = (typeof OPERATORS)[number];

const scalar = z.union([z.number(), z.string().max(200), z.boolean(), z.null()]);

export const expressionSchema = z
  .object({
    prop: z.string().min(1).max(64),
    operator: z.enum(OPERATORS),
    limit: z.union([scalar, z.array(scalar).max(1000)]),
  })
  .refine((e) => (e.operator === 'IN') === Array.isArray(e.limit), {
    message: 'IN 的 limit 须为数组，其余运算符的 limit 须为单个值',
  });
export type Expression = z.infer<typeof expressionSchema>;

export const pageSchema = z.object({
  index: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(10000).default(100),
});

export const orderSchema = z.object({
  propertyLabel: z.string().min(1).max(64),
  orderType: z.enum(['asc', 'desc']).default('asc'),
});

export const rootConditionSchema = z.object({
  filter: z.object({ expressions: z.array(expressionSchema).max(50).default([]) }).optional(),
  page: pageSchema.optional(),
});

/** An id of a tree node or a model row: an integer 0 or more (spec §5). */
export const nodeIdSchema = z
  .number({ error: 'id 须为大于等于 0 的整数' })
  .int('id 须为大于等于 0 的整数')
  .min(0, 'id 须为大于等于 0 的整数');

export const modelQueryBody = z.object({
  rootLabel: z.string().min(1).max(64),
  rootID: nodeIdSchema.optional(),
  ids: z.array(nodeIdSchema).max(10000).optional(),
  treeNode: z.object({ id: nodeIdSchema, modelLabel: z.string().min(1).max(64) }).optional(),
  rootCondition: rootConditionSchema.optional(),
  orders: z.array(orderSchema).max(5).optional(),
});
export type ModelQueryBody = z.infer<typeof modelQueryBody>;
