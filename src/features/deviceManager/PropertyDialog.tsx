import {
  customPropertySchema,
  PROPERTY_TYPES,
  type CustomPropertyDto,
  type CustomPropertyInput,
  type PropertyObject,
} from '../../../domain/schemas/ledger';
import type { MessageKey } from '../../app/i18n/locales/zh_cn';
import { t, useLanguage } from '../../app/i18n/i18n';
import { issueMessage, type Checked } from '../../app/widgets/formErrors';
import { safeParseMarked } from '../../../domain/zodIssueText';
import { Button, Modal } from '../../app/ui/Modal';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { ledgerApi } from './ledgerApi';
import { levelText } from './ledgerText';
import { TableHead } from '../../app/ui/TableHead';
import { CellInput } from '../../app/ui/CellInput';

type Draft = CustomPropertyInput & { key: string };

/** The columns as the shared schema reads them, or the first refused one's message with its row number. */
function checkRows(rows: Draft[]): Checked<CustomPropertyInput[]> {
  const list = rows.map(({ key: _key, ...r }) => r);
  for (const [i, r] of list.entries()) {
    const check = safeParseMarked(customPropertySchema, r);
    if (!check.success) return { ok: false, errors: { rows: `${i + 1}${t('punct.colon')}${issueMessage(check.error.issues[0]!)}` } };
  }
  return { ok: true, data: list };
}

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
  const form = useFormDialog({
    open: !!level,
    initial: () => props.filter((p) => p.objectlabel === level).map((p): Draft => ({ ...p, key: String(p.id) })),
    resetOn: [level, props],
    validate: checkRows,
    submit: (list) => ledgerApi.saveProperties(list),
    onSaved,
  });
  const rows = form.draft;
  const patch = (key: string, change: Partial<Draft>) =>
    form.update((rs) => {
      Object.assign(
        rs.find((r) => r.key === key)!,
        change,
      );
    });
  const add = () =>
    form.update((rs) => {
      rs.push({ key: `new${rs.length}`, propertyalias: '', propertylabel: '', propertytype: 'string', status: true, objectlabel: level! });
    });
  // with no columns there is nothing to save
  const save = () => (rows.length ? void form.submit() : onClose());

  return (
    <Modal open={!!level} onClose={onClose} title={level ? t('ledger.customColumnsOf', { level: levelText(level) }) : ''} width={640}>
      <table className="mb-3 w-full text-sm" data-testid="property-table">
        <TableHead
          className="text-left text-muted"
          cellClassName="py-1 font-medium"
          spacing="pr-2"
          cells={[t('ledger.propertyalias'), t('ledger.propertylabel'), t('ledger.propertytype'), t('ledger.propertyStatus')]}
        />
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
              <CellInput
                label={t('ledger.propertyalias')}
                name="propertyalias"
                className={input}
                value={r.propertyalias}
                onValue={(propertyalias) => patch(r.key, { propertyalias })}
              />
              <CellInput
                label={t('ledger.propertylabel')}
                name="propertylabel"
                className={`${input} disabled:opacity-60`}
                value={r.propertylabel}
                disabled={r.id !== undefined}
                onValue={(propertylabel) => patch(r.key, { propertylabel })}
              />
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
      {form.errors.rows && (
        <p className="mb-3 text-xs text-danger" role="alert">
          {form.errors.rows}
        </p>
      )}
      <div className="flex justify-between gap-2">
        <Button onClick={add}>{t('ledger.addColumn')}</Button>
        <div className="flex gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" onClick={save} disabled={form.busy}>
            {t('common.save')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
