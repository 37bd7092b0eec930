import { accessSchemeBody } from '../../../domain/schemas/info';
import { ACCESS_TYPE } from '../../../domain/enums';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Modal } from '../../app/ui/Modal';
import { FormActions } from '../../app/ui/form/FormActions';
import { FormSelectField, FormTextField } from '../../app/ui/form/FormFields';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { validateForm } from '../../app/widgets/formErrors';
import { accessTypeText } from '../../app/i18n/enumText';

const EMPTY = { name: '', accesstype: '', host: '', port: '', remark: '' };

/** The scheme as the shared body schema reads it: the selects' and the port's text as numbers. */
const schemeBodyOf = (form: typeof EMPTY) => ({
  name: form.name,
  accesstype: form.accesstype ? Number(form.accesstype) : -1,
  host: form.host,
  port: form.port ? Number(form.port) : null,
  remark: form.remark,
});

/** Creates an access scheme (equipaccessscheme) through POST system/device/access/scheme. */
export function SchemeFormDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  useLanguage();
  const form = useFormDialog({
    open,
    initial: () => EMPTY,
    validate: (f) => validateForm(accessSchemeBody, schemeBodyOf(f)),
    submit: (body) => api.post('/wisdompower/v1/system/device/access/scheme', body),
    onSaved,
  });
  return (
    <Modal open={open} onClose={onClose} title={t('system.schemeCreate')}>
      <form {...form.formProps}>
        <FormTextField label={t('system.schemeName')} field={form.field('name')} autoComplete="off" />
        <FormSelectField
          label={t('system.accessType')}
          field={form.field('accesstype')}
          placeholder="--"
          options={ACCESS_TYPE.list.map((a) => ({ value: String(a.id), label: accessTypeText(a.id) }))}
        />
        <FormTextField label={t('system.host')} field={form.field('host')} />
        <FormTextField label={t('system.port')} field={form.field('port')} type="number" />
        <FormTextField label={t('system.remark')} field={form.field('remark')} />
        <FormActions onClose={onClose} busy={form.busy} />
      </form>
    </Modal>
  );
}
