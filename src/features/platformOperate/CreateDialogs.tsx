import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { DistrictOption, TenantRow } from '../../../domain/schemas/platform';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal, TextField } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import { validateForm, type FieldErrors } from '../../app/widgets/formErrors';
import { requiredSelect } from '../../../domain/validation';
import { tenantCreateBody } from '../../../domain/schemas/platform';
import zh from '../../app/i18n/locales/zh_cn';

function Actions({ onClose }: { onClose: () => void }) {
  return (
    <div className="mt-4 flex justify-end gap-2">
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button kind="primary" type="submit">
        {t('common.save')}
      </Button>
    </div>
  );
}

/** A new tenant: only a name; its roles and users are made afterwards on the user screens. */
export function TenantDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  useLanguage();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => (open ? (setName(''), setErrors({})) : undefined), [open]);
  const submit = async () => {
    const checked = validateForm(tenantCreateBody, { name });
    if (!checked.ok) return setErrors(checked.errors);
    const res = await api.post<number>('/wisdompower/v1/platform/tenant', checked.data).catch(() => null);
    if (res === null) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };
  return (
    <Modal open={open} onClose={onClose} title={t('platformOperate.newTenant')} width={400}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate data-testid="tenant-form">
        <TextField
          label={t('platformOperate.tenantName')}
          name="tenantName"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        <Actions onClose={onClose} />
      </form>
    </Modal>
  );
}

const projectForm = z.object({
  name: z.string().trim().min(1, zh['validation.projectName']).max(40, zh['validation.lengthUpTo'].replace('{{n}}', '40')),
  tenantid: requiredSelect(zh['term.tenant']),
  districtid: requiredSelect(zh['term.district']),
});

/** A new project: created through the ledger (account/node) so it lands in the ledger and its log. */
export function ProjectDialog({
  open,
  tenants,
  onClose,
  onSaved,
}: {
  open: boolean;
  tenants: TenantRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  useLanguage();
  const [form, setForm] = useState({ name: '', tenantid: '', districtid: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [districts, setDistricts] = useState<DistrictOption[]>([]);
  useEffect(() => {
    if (!open) return;
    setForm({ name: '', tenantid: '', districtid: '' });
    setErrors({});
    api
      .get<DistrictOption[]>('/wisdompower/v1/platform/districts')
      .then(setDistricts)
      .catch(() => setDistricts([]));
  }, [open]);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async () => {
    const checked = validateForm(projectForm, form);
    if (!checked.ok) return setErrors(checked.errors);
    const body = [{ modelLabel: 'project', name: form.name.trim(), tenantid: Number(form.tenantid), districtid: Number(form.districtid) }];
    const res = await api.post('/wisdompower/v1/account/node', body).catch(() => null);
    if (res === null) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };
  return (
    <Modal open={open} onClose={onClose} title={t('platformOperate.newProject')} width={440}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate data-testid="project-form">
        <TextField
          label={t('platformOperate.projectName')}
          name="projectName"
          value={form.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        <SelectField
          label={t('platformOperate.tenant')}
          name="tenantid"
          value={form.tenantid}
          onChange={set('tenantid')}
          error={errors.tenantid}
          placeholder="--"
          options={tenants.filter((x) => x.status === 1).map((x) => ({ value: String(x.id), label: x.name }))}
        />
        <SelectField
          label={t('platformOperate.district')}
          name="districtid"
          value={form.districtid}
          onChange={set('districtid')}
          error={errors.districtid}
          placeholder="--"
          options={districts.map((d) => ({ value: String(d.id), label: d.name }))}
        />
        <Actions onClose={onClose} />
      </form>
    </Modal>
  );
}
