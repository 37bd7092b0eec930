import { useEffect, useState } from 'react';
import {
  customPropertySchema,
  PROPERTY_TYPES,
  type CustomPropertyDto,
  type CustomPropertyInput,
  type PropertyObject,
} from '../../../domain/schemas/ledger';
import type { MessageKey } from '../../app/i18n/locales/zh_cn';
import { t, useLanguage } from '../../app/i18n/i18n';
import { issueMessage } from '../../app/widgets/formErrors';
import { safeParseMarked } from '../../../domain/zodIssueText';
import { Button, Modal } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { useImmer } from '../../app/useImmer';
import { ledgerApi } from './ledgerApi';
import { levelText } from './ledgerText';

type Draft = CustomPropertyInput & { key: string };
const input = 'w-full rounded border border-line bg-surface-2 px-2 py-1 text-sm text-ink outline-none focus:border-brand';

/**
 * Custom column properties of the project or terminal level: rename, retype, switch off, add. The
 * key (propertylabel) is fixed once saved, because stored values are keyed by it.
 */
export function PropertyDialog({
  level,
  props,
  onClose,
  onSaved,
}: {
  level: PropertyObject | null;
  props: CustomPropertyDto[];
  onClose: () => void;
  onSaved: () => void;
}) {
  useLanguage();
  const [rows, updateRows] = useImmer<Draft[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!level) return;
    setError('');
    updateRows(props.filter((p) => p.objectlabel === level).map((p) => ({ ...p, key: String(p.id) })));
  }, [level, props, updateRows]);
  const patch = (key: string, change: Partial<Draft>) =>
    updateRows((rs) => {
      Object.assign(
        rs.find((r) => r.key === key)!,
        change,
      );
    });
  const add = () =>
    updateRows((rs) => {
      rs.push({ key: `new${rs.length}`, propertyalias: '', propertylabel: '', propertytype: 'string', status: true, objectlabel: level! });
    });

  const save = async () => {
    const list = rows.map(({ key: _key, ...r }) => r);
    for (const [i, r] of list.entries()) {
      const check = safeParseMarked(customPropertySchema, r);
      if (!check.success) return setError(`${i + 1}${t('punct.colon')}${issueMessage(check.error.issues[0]!)}`);
    }
    if (!list.length) return onClose();
    const ok = await ledgerApi.saveProperties(list).catch(() => null);
    if (!ok) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };

  return (
    <Modal open={!!level} onClose={onClose} title={level ? t('ledger.customColumnsOf', { level: levelText(level) }) : ''} width={640}>
      <table className="mb-3 w-full text-sm" data-testid="property-table">
        <thead className="text-left text-muted">
          <tr>
            <th className="py-1 pr-2 font-medium">{t('ledger.propertyalias')}</th>
            <th className="py-1 pr-2 font-medium">{t('ledger.propertylabel')}</th>
            <th className="py-1 pr-2 font-medium">{t('ledger.propertytype')}</th>
            <th className="py-1 font-medium">{t('ledger.propertyStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={4} className="py-4 text-center text-muted">
                {t('ledger.noColumns')}
              </td>
            </tr>
          )}
          {rows.map((r) => (
            <tr key={r.key}>
              <td className="py-1 pr-2">
                <input
                  aria-label={t('ledger.propertyalias')}
                  name="propertyalias"
                  className={input}
                  value={r.propertyalias}
                  onChange={(e) => patch(r.key, { propertyalias: e.target.value })}
                />
              </td>
              <td className="py-1 pr-2">
                <input
                  aria-label={t('ledger.propertylabel')}
                  name="propertylabel"
                  className={`${input} disabled:opacity-60`}
                  value={r.propertylabel}
                  disabled={r.id !== undefined}
                  onChange={(e) => patch(r.key, { propertylabel: e.target.value })}
                />
              </td>
              <td className="py-1 pr-2">
                <select
                  aria-label={t('ledger.propertytype')}
                  name="propertytype"
                  className={input}
                  value={r.propertytype}
                  onChange={(e) => patch(r.key, { propertytype: e.target.value as Draft['propertytype'] })}
                >
                  {PROPERTY_TYPES.map((p) => (
                    <option key={p} value={p}>
                      {t(`ledger.type.${p}` as MessageKey)}
                    </option>
                  ))}
                </select>
              </td>
              <td className="py-1">
                <input
                  type="checkbox"
                  aria-label={t('ledger.propertyStatus')}
                  className="h-4 w-4 accent-[var(--vg-brand)]"
                  checked={r.status ?? true}
                  onChange={(e) => patch(r.key, { status: e.target.checked })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error && (
        <p className="mb-3 text-xs text-danger" role="alert">
          {error}
        </p>
      )}
      <div className="flex justify-between gap-2">
        <Button onClick={add}>{t('ledger.addColumn')}</Button>
        <div className="flex gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
