import { CONTROL_POINTS, REMOTE_PARAMS, type RemoteParamDef } from '../telemetry';

/**
 * Remote parameter definitions as the /remoteSetting screen and the save route both check them:
 * each definition has a value type, a range and is required. One validator for browser and server so
 * the form refuses exactly what the server would.
 */
type ParamValueType = 'int' | 'float';

export interface ParamDefinition extends RemoteParamDef {
  type: ParamValueType;
  /** decimals a float keeps (ints: 0) */
  precision: number;
  required: boolean;
}

/** Value types of the device's parameters: limits and periods are whole numbers, power has one decimal. */
const VALUE_TYPES: Record<string, { type: ParamValueType; precision: number }> = {
  leakLimit: { type: 'int', precision: 0 },
  tempLimit: { type: 'int', precision: 0 },
  powerLimit: { type: 'float', precision: 1 },
  reportInterval: { type: 'int', precision: 0 },
};

function definitionOf(def: RemoteParamDef): ParamDefinition {
  return { ...def, ...(VALUE_TYPES[def.id] ?? { type: 'float', precision: 2 }), required: true };
}

export const PARAM_DEFINITIONS: readonly ParamDefinition[] = REMOTE_PARAMS.map(definitionOf);

export type ParamCheck = { ok: true; value: number } | { ok: false; error: string };

/**
 * Checks one entered value (text from a form, or a number from a request) against its definition.
 * Messages name the parameter so a list of errors reads on its own.
 */
export function checkParamValue(def: ParamDefinition, raw: string | number | null | undefined): ParamCheck {
  const text = typeof raw === 'number' ? String(raw) : (raw ?? '').trim();
  if (text === '') return def.required ? { ok: false, error: `${def.name}不能为空` } : { ok: false, error: '' };
  const pattern = def.type === 'int' ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${Math.max(def.precision, 1)}})?$`);
  const value = Number(text);
  if (!Number.isFinite(value) || (typeof raw === 'string' && !pattern.test(text))) {
    return { ok: false, error: def.type === 'int' ? `${def.name}须为整数` : `${def.name}须为数字，最多 ${def.precision} 位小数` };
  }
  if (def.type === 'int' && !Number.isInteger(value)) return { ok: false, error: `${def.name}须为整数` };
  if (value < def.min || value > def.max) return { ok: false, error: `${def.name}须在 ${def.min}~${def.max}${def.unit} 之间` };
  return { ok: true, value };
}

export interface ControlPointDef {
  id: number;
  name: string;
  controlType: number;
  para: string;
}

/**
 * Control points a device offers, by its product type: the VG-ES detectors (and ledger entries with no
 * type, which default to them) have 消音 and 复位; other products in the ledger (meters, third-party
 * sensors) have none, which the screens show as 没有匹配的设备遥控点列表.
 */
export function controlPointsFor(devicetype: string | null | undefined): ControlPointDef[] {
  const type = (devicetype ?? '').trim();
  return type === '' || /^VG-ES/i.test(type) ? CONTROL_POINTS.map((c) => ({ ...c })) : [];
}
