import { NODE_FIELDS, PARENT_COLUMN, type CustomPropertyDto, type LedgerLabel } from '../../../domain/schemas/ledger';
import type { MessageKey } from '../../app/i18n/locales/zh_cn';
import { issueMessage, type FieldErrors } from '../../app/widgets/formErrors';
import { safeParseMarked } from '../../../domain/zodIssueText';
import { formatTime, parseProjectTime } from '../../app/time/projectTime';

type FormField = { key: string; label: MessageKey; type?: 'number' | 'date' };

/** An area (province, city, district) is a name and a code. */
const AREA_FIELDS: FormField[] = [
  { key: 'name', label: 'ledger.name' },
  { key: 'code', label: 'ledger.code' },
];

/** The text inputs of each level, in form order. */
export const FORM_FIELDS: Record<LedgerLabel, FormField[]> = {
  province: AREA_FIELDS,
  city: AREA_FIELDS,
  district: AREA_FIELDS,
  project: [
    { key: 'name', label: 'ledger.name' },
    { key: 'address', label: 'ledger.address' },
    { key: 'contact', label: 'ledger.contact' },
    { key: 'contactphone', label: 'ledger.contactphone' },
    { key: 'longitude', label: 'ledger.longitude', type: 'number' },
    { key: 'latitude', label: 'ledger.latitude', type: 'number' },
  ],
  enterprise: [{ key: 'name', label: 'ledger.name' }],
  terminal: [
    { key: 'name', label: 'ledger.deviceName' },
    { key: 'code', label: 'device.code' },
    { key: 'devicetype', label: 'device.type' },
    { key: 'vendor', label: 'device.vendor' },
    { key: 'location', label: 'device.location' },
    { key: 'installdate', label: 'ledger.installdate', type: 'date' },
  ],
};

export type FormValues = Record<string, string>;

/** A stored date (ms) as the date input's yyyy-MM-dd, in the project time zone. */
const day = (ms: unknown) => (typeof ms === 'number' ? formatTime(ms, 'yyyy-MM-dd') : '');

/** Form values of a stored row (all strings; custom columns as x_<label>). */
export function formOf(label: LedgerLabel, row: Record<string, unknown> | undefined): FormValues {
  const out: FormValues = {};
  for (const f of FORM_FIELDS[label]) {
    const v = row?.[f.key];
    out[f.key] = f.type === 'date' ? day(v) : v === null || v === undefined ? '' : String(v);
  }
  const ext =
    typeof row?.extendvalue === 'string'
      ? (JSON.parse(row.extendvalue || '{}') as Record<string, unknown>)
      : ((row?.extendvalue as Record<string, unknown> | undefined) ?? {});
  for (const [k, v] of Object.entries(ext)) out[`x_${k}`] = v === null || v === undefined ? '' : String(v);
  if (row?.tenantid !== undefined) out.tenantid = String(row.tenantid);
  return out;
}

/**
 * The account/node payload. Cleared fields go as null (spec §3), names and codes as typed so the schema can
 * name an empty one. Numbers are sent as numbers so the shared schema can check them.
 */
export function payloadOf(
  label: LedgerLabel,
  form: FormValues,
  props: CustomPropertyDto[],
  parentId: number | undefined,
  id: number | undefined,
  row?: Record<string, unknown>,
) {
  const node: Record<string, unknown> = { modelLabel: label, ...(id !== undefined ? { id } : {}) };
  for (const f of FORM_FIELDS[label]) {
    const v = form[f.key]?.trim() ?? '';
    if (f.type === 'number') node[f.key] = v === '' ? null : Number(v);
    else if (f.type === 'date') node[f.key] = v === '' ? null : parseProjectTime(v);
    else node[f.key] = f.key === 'name' || f.key === 'code' ? v : v === '' ? null : v;
  }
  const parentCol = PARENT_COLUMN[label];
  if (parentCol) node[parentCol] = parentId ?? row?.[parentCol];
  if (label === 'project' && form.tenantid) node.tenantid = Number(form.tenantid);
  if (label === 'project' || label === 'terminal')
    // a cleared custom column goes as null, as the spec sends every empty field
    node.extendvalue = Object.fromEntries(props.map((p) => [p.propertylabel, form[`x_${p.propertylabel}`]?.trim() || null]));
  return node;
}

/** Field errors by the shared schema; a custom column's error is keyed x_<label>. */
export function checkNode(label: LedgerLabel, node: Record<string, unknown>): FieldErrors {
  const r = safeParseMarked(NODE_FIELDS[label], node);
  if (r.success) return {};
  const errors: FieldErrors = {};
  for (const i of r.error.issues) {
    const key = i.path[0] === 'extendvalue' ? `x_${String(i.path[1])}` : String(i.path[0] ?? '_');
    errors[key] ??= issueMessage(i);
  }
  return errors;
}
