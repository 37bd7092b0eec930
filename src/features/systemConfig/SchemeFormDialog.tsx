import { useEffect, useState } from 'react';
import { accessSchemeBody } from '../../../domain/schemas/info';
import { ACCESS_TYPE } from '../../../domain/enums';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import { validateForm, type FieldErrors } from '../../app/widgets/formErrors';
import { accessTypeText } from '../../app/i18n/enumText';

const EMPTY = { name: '', accesstype: '', host: '', port: '', remark: '' };

/** Creates an access scheme (equipaccessscheme) through POST system/device/access/scheme. */
export function SchemeFormDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  useLanguage();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (open) {
      setForm(EMPTY);
      setErrors({});
    }
  }, [open]);
  const set = (k: keyof typeof EMPTY) => (v: string) => setForm({ ...form, [k]: v });
  const submit = async () => {
    const body = {
      name: form.name,
      accesstype: form.accesstype ? Number(form.accesstype) : -1,
      host: form.host,
      port: form.port ? Number(form.port) : null,
      remark: form.remark,
    };
    const v = validateForm(accessSchemeBody, body);
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    const saved = await api.post('/wisdompower/v1/system/device/access/scheme', v.data).then(
      () => true,
      () => false,
    );
    if (!saved) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };
  return (
    <Modal open={open} onClose={onClose} title={t('system.schemeCreate')}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate>
        <TextField
          label={t('system.schemeName')}
          name="name"
          value={form.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        <SelectField
          label={t('system.accessType')}
          name="accesstype"
          value={form.accesstype}
          onChange={set('accesstype')}
          error={errors.accesstype}
          placeholder="--"
          options={ACCESS_TYPE.list.map((a) => ({ value: String(a.id), label: accessTypeText(a.id) }))}
        />
        <TextField
          label={t('system.host')}
          name="host"
          value={form.host}
          onChange={(e) => set('host')(e.target.value)}
          error={errors.host}
        />
        <TextField
          label={t('system.port')}
          name="port"
          type="number"
          value={form.port}
          onChange={(e) => set('port')(e.target.value)}
          error={errors.port}
        />
        <TextField
          label={t('system.remark')}
          name="remark"
          value={form.remark}
          onChange={(e) => set('remark')(e.target.value)}
          error={errors.remark}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" type="submit">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
