import { t, type MessageKey } from './i18n';

/** Labels of the spec §3 enumerations from the packs (the same labels as domain/enums.ts, tested). */
const label = (family: string, id: number | null | undefined, ids: readonly number[]) =>
  id !== null && id !== undefined && ids.includes(id) ? t(`enum.${family}.${id}` as MessageKey) : '--';

export const deviceStatusText = (id: number | null | undefined) => label('deviceStatus', id, [1, 2, 3, 4, 5, 6]);
export const accessTypeText = (id: number | null | undefined) => label('accessType', id, [5, 6]);
