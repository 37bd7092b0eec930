import { z } from 'zod';
import { MODEL_LABELS } from '../enums';

/**
 * The query grammar shared by the model query and the event list (spec §7): filter expressions over
 * whitelisted properties, one page, and orders.
 */
const OPERATORS = ['EQ', 'NE', 'GT', 'GE', 'LT', 'LE', 'IN', 'LIKE'] as const;

const scalar = z.union([z.number(), z.string().max(200), z.boolean(), z.null()]);

/** A condition's property name, operator and operand: a list for IN, one value for every other operator. */
const propertyName = z.string().min(1).max(64);
const operator = z.enum(OPERATORS);
const operand = z.union([scalar, z.array(scalar).max(1000)]);
const listOnlyForIn = (op: (typeof OPERATORS)[number], value: unknown) => (op === 'IN') === Array.isArray(value);
const listOnlyForInMessage = (field: string) => ({ message: `IN 的 ${field} 须为数组，其余运算符的 ${field} 须为单个值` });

export const expressionSchema = z
  .object({ prop: propertyName, operator, limit: operand })
  .refine((e) => listOnlyForIn(e.operator, e.limit), listOnlyForInMessage('limit'));
export type Expression = z.infer<typeof expressionSchema>;

/** The deepest page a query may ask for: far past any table, and index × limit stays a safe offset. */
const MAX_PAGE_INDEX = 1_000_000;

export const pageSchema = z.object({
  index: z.number().int().min(0).max(MAX_PAGE_INDEX).default(0),
  limit: z.number().int().min(1).max(10000).default(100),
});

export const orderSchema = z.object({
  propertyLabel: z.string().min(1).max(64),
  orderType: z.enum(['asc', 'desc']).default('asc'),
});

const rootConditionSchema = z.object({
  filter: z.object({ expressions: z.array(expressionSchema).max(50).default([]) }).optional(),
  page: pageSchema.optional(),
});

/** An id of a tree node or a model row: an integer 0 or more (spec §5). */
export const nodeIdSchema = z
  .number({ error: 'id 须为大于等于 0 的整数' })
  .int('id 须为大于等于 0 的整数')
  .min(0, 'id 须为大于等于 0 的整数');

const modelLabel = z.enum(MODEL_LABELS);
const treeNodeSchema = z.object({ id: nodeIdSchema, modelLabel: z.enum(['root', ...MODEL_LABELS]) });

/** The model query by root label (login project lookup, one node by id, filtered lists). */
const modelRootQuery = z.object({
  rootLabel: modelLabel,
  rootID: nodeIdSchema.optional(),
  ids: z.array(nodeIdSchema).max(10000).optional(),
  treeNode: treeNodeSchema.optional(),
  rootCondition: rootConditionSchema.optional(),
  orders: z.array(orderSchema).max(5).optional(),
});

/** One condition of the generic table query: a property, an operator and a value (a list for IN). */
const tableFilterSchema = z
  .object({ name: propertyName, operator, value: operand })
  .refine((f) => listOnlyForIn(f.operator, f.value), listOnlyForInMessage('value'));

/**
 * The generic table query of spec §7: a model label, the sub-models to attach to each row, the tree
 * node the rows hang under, filters, a page (index from 0, limit) and orders; answered with code,
 * data and total.
 */
const modelTableQuery = z.object({
  modelLabel,
  modelList: z.array(z.enum(MODEL_LABELS)).max(MODEL_LABELS.length).default([]),
  treeNode: treeNodeSchema.optional(),
  filters: z.array(tableFilterSchema).max(50).default([]),
  pageIndex: z.number().int().min(0).max(MAX_PAGE_INDEX).default(0),
  limit: z.number().int().min(1).max(10000).default(100),
  orders: z.array(orderSchema).max(5).default([]),
});

export const modelQueryBody = z.union([modelRootQuery, modelTableQuery]);
