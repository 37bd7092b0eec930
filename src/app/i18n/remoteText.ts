import { CONTROL_POINTS, REMOTE_GROUPS, REMOTE_PARAMS } from '../../../domain/telemetry';
import { tDynamic } from './i18n';

/**
 * The built-in remote-setting names (parameter groups, parameters, control points) in the language in
 * force. The catalogue (domain/telemetry.ts) and the server speak the spec's Chinese; the packs hold
 * remote.group.<id>, remote.param.<id> and remote.control.<id>. A name outside the catalogue (a
 * device's own) is shown as it came.
 */
const GROUPS = new Set<number>(REMOTE_GROUPS.map((g) => g.id));
const PARAMS = new Set<string>(REMOTE_PARAMS.map((p) => p.id));
const CONTROLS = new Set<number>(CONTROL_POINTS.map((c) => c.id));

export const remoteGroupText = (id: number, name: string) => (GROUPS.has(id) ? tDynamic(`remote.group.${id}`) : name);
export const remoteParamText = (id: string, name: string) => (PARAMS.has(id) ? tDynamic(`remote.param.${id}`) : name);
export const remoteControlText = (id: number, name: string) => (CONTROLS.has(id) ? tDynamic(`remote.control.${id}`) : name);
