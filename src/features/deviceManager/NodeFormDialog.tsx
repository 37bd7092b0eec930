import type { CustomPropertyDto, LedgerLabel } from '../../../domain/schemas/ledger';
import type { TenantDto } from '../../../domain/schemas/auth';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Modal } from '../../app/ui/Modal';
import { FormActions } from '../../app/ui/form/FormActions';
import { FormTextField } from '../../app/ui/form/FormFields';
import { TenantField } from '../../app/ui/form/TenantField';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { checkedBy } from '../../app/widgets/formErrors';
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
  const label = edit?.label ?? 'province';
  const custom = label === 'project' || label === 'terminal' ? props.filter((p) => p.objectlabel === label && p.status) : [];
  const form = useFormDialog({
    open: !!edit,
    initial: (): FormValues => formOf(label, edit?.row),
    resetOn: [edit],
    validate: (f) => {
      const node = payloadOf(label, f, custom, edit?.parentId, edit?.id, edit?.row);
      return checkedBy(checkNode(label, node), node);
    },
    submit: (node) => ledgerApi.saveNode(node),
    onSaved: (saved) => onSaved(saved.id),
  });
  /** a text field's binding; a custom column the row has no value for starts empty */
  const bind = (key: string) => ({ ...form.field(key), value: form.draft[key] ?? '' });

  return (
    <Modal
      open={!!edit}
      onClose={onClose}
      title={words(t(edit?.id !== undefined ? 'ledger.editTitle' : 'ledger.createTitle'), levelText(label))}
      width={custom.length ? 640 : 460}
    >
      <form {...form.formProps} data-testid="node-form">
        <div className={custom.length || FORM_FIELDS[label].length > 3 ? 'grid grid-cols-2 gap-x-4' : ''}>
          {FORM_FIELDS[label].map((f) => (
            <FormTextField
              key={f.key}
              label={t(f.label)}
              field={bind(f.key)}
              type={f.type === 'date' ? 'date' : 'text'}
              inputMode={f.type === 'number' ? 'decimal' : undefined}
              autoComplete="off"
            />
          ))}
          {label === 'project' && edit?.id === undefined && tenants.length > 1 && (
            <TenantField label={t('ledger.tenant')} field={bind('tenantid')} tenants={tenants} />
          )}
          {custom.map((p) => (
            <FormTextField
              key={p.id}
              label={p.propertyalias}
              field={bind(`x_${p.propertylabel}`)}
              type={p.propertytype === 'date' ? 'date' : 'text'}
              inputMode={p.propertytype === 'number' ? 'decimal' : undefined}
              autoComplete="off"
            />
          ))}
        </div>
        <FormActions onClose={onClose} busy={form.busy} />
      </form>
    </Modal>
  );
}
