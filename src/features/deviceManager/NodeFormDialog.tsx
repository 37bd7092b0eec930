import { useEffect, useState } from 'react';
import type { CustomPropertyDto, LedgerLabel } from '../../../domain/schemas/ledger';
import type { TenantDto } from '../../../domain/schemas/auth';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import type { FieldErrors } from '../../app/widgets/formErrors';
import { ledgerApi } from './ledgerApi';
import { levelText, words } from './ledgerText';
import { checkNode, FORM_FIELDS, formOf, payloadOf, type FormValues } from './nodeForm';

export interface NodeEdit {
  label: LedgerLabel;
  /** set when editing */
  id?: number;
  /** the parent's id when creating */
  parentId?: number;
  row?: Record<string, unknown>;
}

/** Create or edit one ledger node; project and terminal forms carry the tenant's custom columns. */
export function NodeFormDialog({
  edit,
  props,
  tenants,
  onClose,
  onSaved,
}: {
  edit: NodeEdit | null;
  props: CustomPropertyDto[];
  tenants: TenantDto[];
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  useLanguage();
  const [form, setForm] = useState<FormValues>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = edit?.label ?? 'province';
  const custom = label === 'project' || label === 'terminal' ? props.filter((p) => p.objectlabel === label && p.status) : [];

  useEffect(() => {
    if (!edit) return;
    setErrors({});
    setForm(formOf(edit.label, edit.row));
  }, [edit]);

  const submit = async () => {
    if (!edit) return;
    const node = payloadOf(label, form, custom, edit.parentId, edit.id, edit.row);
    const found = checkNode(label, node);
    if (Object.keys(found).length) return setErrors(found);
    setErrors({});
    setBusy(true);
    const saved = await ledgerApi.saveNode(node).catch(() => null);
    setBusy(false);
    if (!saved) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved(saved.id);
  };
  const set = (key: string) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <Modal
      open={!!edit}
      onClose={onClose}
      title={words(t(edit?.id !== undefined ? 'ledger.editTitle' : 'ledger.createTitle'), levelText(label))}
      width={custom.length ? 640 : 460}
    >
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate data-testid="node-form">
        <div className={custom.length || FORM_FIELDS[label].length > 3 ? 'grid grid-cols-2 gap-x-4' : ''}>
          {FORM_FIELDS[label].map((f) => (
            <TextField
              key={f.key}
              label={t(f.label)}
              name={f.key}
              type={f.type === 'date' ? 'date' : 'text'}
              inputMode={f.type === 'number' ? 'decimal' : undefined}
              value={form[f.key] ?? ''}
              onChange={set(f.key)}
              error={errors[f.key]}
              autoComplete="off"
            />
          ))}
          {label === 'project' && edit?.id === undefined && tenants.length > 1 && (
            <SelectField
              label={t('ledger.tenant')}
              name="tenantid"
              value={form.tenantid ?? ''}
              onChange={(v) => setForm((f) => ({ ...f, tenantid: v }))}
              placeholder="--"
              options={tenants.map((x) => ({ value: String(x.id), label: x.name }))}
            />
          )}
          {custom.map((p) => (
            <TextField
              key={p.id}
              label={p.propertyalias}
              name={`x_${p.propertylabel}`}
              type={p.propertytype === 'date' ? 'date' : 'text'}
              inputMode={p.propertytype === 'number' ? 'decimal' : undefined}
              value={form[`x_${p.propertylabel}`] ?? ''}
              onChange={set(`x_${p.propertylabel}`)}
              error={errors[`x_${p.propertylabel}`]}
              autoComplete="off"
            />
          ))}
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" type="submit" disabled={busy}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
