import { t } from '../../i18n/i18n';
import { FormSelectField } from './FormFields';
import type { FieldBinding } from './useFormDialog';

/** The tenant a new record belongs to, for a caller who serves several (the dialogs show it only then). */
export function TenantField({
  field,
  tenants,
  label = t('users.tenant'),
}: {
  field: FieldBinding<string>;
  tenants: readonly { id: number; name: string }[];
  label?: string;
}) {
  return (
    <FormSelectField label={label} field={field} placeholder="--" options={tenants.map((x) => ({ value: String(x.id), label: x.name }))} />
  );
}
