import { z } from 'zod';
import { ACCESS_TYPE, DEVICE_STATUS } from '../enums';
import { boundedName, nameSchema, noControlChars, phoneOrLandlineSchema, plainNameSchema, textSchema } from '../validation';
import { nodeIdSchema, orderSchema, pageSchema } from './query';

/** Ids of stored rows a request refers to: positive safe integers. */
const refId = z.number().int().positive();

/**
 * The device ledger (spec §3 hierarchy levels, §7 "Ledger and accounts"), shared by the
 * /deviceManager forms and the server's account/* routes.
 */
export const LEDGER_LABELS = ['province', 'city', 'district', 'project', 'enterprise', 'terminal'] as const;
export type LedgerLabel = (typeof LEDGER_LABELS)[number];
/** 'root' (id 0) names the whole visible ledger. */
const TREE_LABELS = ['root', ...LEDGER_LABELS] as const;
export type TreeLabel = (typeof TREE_LABELS)[number];

/** The level a node's children are created at (a project holds terminals and enterprises). */
export const CHILD_LABELS: Record<LedgerLabel | 'root', LedgerLabel[]> = {
  root: ['province'],
  province: ['city'],
  city: ['district'],
  district: ['project'],
  project: ['terminal', 'enterprise'],
  enterprise: [],
  terminal: [],
};

/** Operation permission group of each level (spec §3 permission names). */
export const LEDGER_PERMISSION_GROUP: Record<LedgerLabel, string> = {
  province: 'province',
  city: 'city',
  district: 'area',
  project: 'project',
  terminal: 'device',
  enterprise: 'accuntnode',
};

/** Parent id column of each level below province. */
export const PARENT_COLUMN: Partial<Record<LedgerLabel, string>> = {
  city: 'provinceid',
  district: 'cityid',
  project: 'districtid',
  terminal: 'projectid',
  enterprise: 'projectid',
};

// --- custom column properties --------------------------------------------------------------------

const PROPERTY_OBJECTS = ['project', 'terminal'] as const;
export type PropertyObject = (typeof PROPERTY_OBJECTS)[number];
export const PROPERTY_TYPES = ['string', 'number', 'date'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

const PROPERTY_LABEL_MSG = '属性标识须以字母开头，由字母、数字或下划线组成，最多 32 位';

export const customPropertySchema = z.object({
  id: z.number().int().positive().nullish(),
  propertyalias: plainNameSchema,
  propertylabel: z
    .string()
    .max(32, PROPERTY_LABEL_MSG)
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, PROPERTY_LABEL_MSG),
  propertytype: z.enum(PROPERTY_TYPES, { error: '属性类型须为 string、number 或 date' }),
  status: z.boolean().default(true),
  objectlabel: z.enum(PROPERTY_OBJECTS, { error: 'objectlabel 须为 project 或 terminal' }),
  tenantid: z.number().int().positive().nullish(),
});
export type CustomPropertyInput = z.input<typeof customPropertySchema>;

export const propertySaveBody = z.array(customPropertySchema).min(1, '请至少提交一个属性').max(100);
export const propertyListBody = z.object({
  objectlabel: z.enum(PROPERTY_OBJECTS).optional(),
  status: z.boolean().optional(),
  tenantid: z.number().int().positive().optional(),
});

export interface CustomPropertyDto {
  id: number;
  propertyalias: string;
  propertylabel: string;
  propertytype: PropertyType;
  status: boolean;
  objectlabel: PropertyObject;
  tenantid: number;
}

/** Values of custom columns on a node: null where nothing was entered (empty strings become null). */
export type ExtendValues = Record<string, string | number | null>;

const extendValuesSchema = z
  .record(z.string().max(32), z.union([z.string().max(140, '长度在 1 到 140 个字符'), z.number(), z.null()]))
  .refine((o) => Object.keys(o).length <= 100, '自定义属性最多 100 个');

/** Empty strings (cleared form fields) are saved as null (spec §3 "Custom column property"). */
export function nullEmpty<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' && v.trim() === '' ? null : v])) as T;
}

// --- nodes ---------------------------------------------------------------------------------------

const optText = (max: number) =>
  z.string().max(max, `长度在 1 到 ${max} 个字符`).refine(noControlChars, '不能包含控制字符').nullable().optional();
const optPhone = z.union([phoneOrLandlineSchema, z.null()]).optional();
const code = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '设备编号须为 1–32 位字母、数字、下划线或横线');

/** Fields each level accepts; parents are named by their id column. */
export const NODE_FIELDS = {
  province: z.object({ name: nameSchema, code: optText(20) }),
  city: z.object({ name: nameSchema, code: optText(20), provinceid: refId }),
  district: z.object({ name: nameSchema, code: optText(20), cityid: refId }),
  project: z.object({
    name: boundedName(40),
    districtid: refId,
    tenantid: refId.optional(),
    address: optText(140),
    contact: optText(20),
    contactphone: optPhone,
    longitude: z.number().min(-180).max(180).nullable().optional(),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    extendvalue: extendValuesSchema.optional(),
  }),
  enterprise: z.object({ name: textSchema, projectid: refId }),
  terminal: z.object({
    name: boundedName(40),
    code,
    projectid: refId,
    devicestatus: z
      .number()
      .int()
      .refine((v) => DEVICE_STATUS.has(v), '设备状态不在 DEVICE_STATUS 中')
      .optional(),
    devicetype: optText(60),
    vendor: optText(60),
    location: optText(140),
    installdate: z.number().int().min(0).nullable().optional(),
    accesstype: z
      .number()
      .int()
      .refine((v) => ACCESS_TYPE.has(v), '接入方式须为 5（GPRS/4G）或 6（电信平台）')
      .optional(),
    extendvalue: extendValuesSchema.optional(),
  }),
} as const satisfies Record<LedgerLabel, z.ZodType>;

export const nodeWriteBody = z
  .array(
    z
      .object({ modelLabel: z.enum(LEDGER_LABELS, { error: '不支持的台账层级' }), id: z.number().int().positive().optional() })
      .passthrough(),
  )
  .length(1, 'account/node 须为只含一个节点的数组');

const nodeRefSchema = z.object({ modelLabel: z.enum(LEDGER_LABELS, { error: '不支持的台账层级' }), id: refId });
export type NodeRef = z.infer<typeof nodeRefSchema>;

export const deleteNodesBody = z.object({
  nodes: z.array(nodeRefSchema).min(1, '请选择要删除的节点').max(500),
  /** only report what would go */
  dryRun: z.boolean().default(false),
  /** delete the descendants too; without it a node with children is refused */
  cascade: z.boolean().default(false),
});

/** How many nodes of each level a delete removes, the selected nodes included. */
export type DeleteImpact = Partial<Record<LedgerLabel, number>>;

export const childListQuery = z.object({
  modelLabel: z.enum(TREE_LABELS).default('root'),
  id: z
    .string()
    .max(16)
    .regex(/^(0|[1-9]\d{0,15})$/, '须为大于等于 0 的整数')
    .transform(Number)
    .default(0),
});

export const treeParams = z.object({
  modelLabel: z.enum(TREE_LABELS),
  id: z
    .string()
    .max(16)
    .regex(/^(0|[1-9]\d{0,15})$/, '须为大于等于 0 的整数')
    .transform(Number),
});
export const treeQuery = z.object({ containLeaf: z.enum(['true', 'false', '1', '0']).default('true') });

export interface LedgerTreeNode {
  id: number;
  name: string;
  modelLabel: LedgerLabel;
  code?: string;
  devicestatus?: number;
  tenantid?: number;
  children?: LedgerTreeNode[];
}

/** The device table: terminals under a node (or everywhere visible), paged on the server. */
export const nodeListBody = z.object({
  modelLabel: z.enum(['terminal', 'project', 'enterprise']).default('terminal'),
  parent: z.object({ modelLabel: z.enum(TREE_LABELS), id: nodeIdSchema }).optional(),
  keyword: z.string().max(40).optional(),
  page: pageSchema.default({ index: 0, limit: 100 }),
  /** spec §7 generic table query orders, over the columns in TERMINAL_ORDER_COLUMNS (then by id) */
  orders: z.array(orderSchema).max(5).optional(),
});
export type NodeListBody = z.input<typeof nodeListBody>;

export interface TerminalRowDto {
  id: number;
  modelLabel: 'terminal';
  name: string;
  code: string;
  devicestatus: number;
  devicestatusText: string;
  devicetype: string | null;
  vendor: string | null;
  location: string | null;
  installdate: number | null;
  accesstype: number;
  accesstypeText: string;
  projectid: number;
  projectName: string | null;
  tenantid: number;
  schemeId: number | null;
  schemeName: string | null;
  extendvalue: ExtendValues;
}

export const childStatusBody = z.object({ modelLabel: z.enum(TREE_LABELS).default('root'), id: nodeIdSchema.default(0) });
export interface ChildStatusDto {
  id: number;
  name: string;
  modelLabel: LedgerLabel;
  deviceCount: number;
  normalCount: number;
  abnormalCount: number;
  activeAlarmCount: number;
  devicestatus?: number;
}

export const exportBody = z.object({
  parent: z.object({ modelLabel: z.enum(TREE_LABELS), id: nodeIdSchema }).optional(),
  keyword: z.string().max(40).optional(),
});

export const nbiotMapBody = z.object({ keys: z.array(z.string().min(1).max(128)).min(1, '请提供设备密钥').max(1000) });
export interface NbiotMapDto {
  key: string;
  deviceId: number | null;
  code: string | null;
}

export const pecdeviceListBody = z.object({ projectIds: z.array(refId).min(1, '请选择项目').max(1000) });

export const deviceAccessSaveBody = z.object({
  deviceId: refId,
  accesstype: z
    .number()
    .int()
    .refine((v) => ACCESS_TYPE.has(v), '接入方式须为 5（GPRS/4G）或 6（电信平台）'),
  schemeId: refId.nullable().default(null),
});
export type DeviceAccessSave = z.input<typeof deviceAccessSaveBody>;
