import { LEDGER_LABELS, LEDGER_PERMISSION_GROUP, type DeleteImpact, type LedgerLabel } from '../../../domain/schemas/ledger';
import type { MessageKey } from '../../app/i18n/locales/zh_cn';
import { currentLanguage, t } from '../../app/i18n/i18n';

export const levelText = (label: LedgerLabel) => t(`ledger.level.${label}` as MessageKey);

export const impactText = (impact: DeleteImpact) =>
  LEDGER_LABELS.filter((l) => impact[l])
    .map((l) => t('ledger.impactItem', { count: impact[l]!, level: levelText(l) }))
    .join(t('punct.listSeparator'));

export const permissionOf = (label: LedgerLabel, action: 'create' | 'update' | 'delete') => `${LEDGER_PERMISSION_GROUP[label]}_${action}`;

export { parseKey, toWidgetTree } from './treeAdapter';

/** Two words of a label: spaced in English, joined in Chinese (新建设备 / New device). */
export const words = (a: string, b: string) => (currentLanguage() === 'en' ? `${a} ${b.toLowerCase()}` : `${a}${b}`);
