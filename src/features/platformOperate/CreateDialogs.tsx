import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { DistrictOption, TenantRow } from '../../../domain/schemas/platform';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Modal } from '../../app/ui/Modal';
import { FormActions } from '../../app/ui/form/FormActions';
import { FormSelectField, FormTextField } from '../../app/ui/form/FormFields';
import { TenantField } from '../../app/ui/form/TenantField';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { validateForm } from '../../app/widgets/formErrors';
import { requiredSelect } from '../../../domain/validation';
import { tenantCreateBody } from '../../../domain/schemas/platform';
import zh from '../../app/i18n/locales/zh_cn/common';

/** A new tenant: only a name; its roles and users are made afterwards on the user screens. */
export function TenantDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  useLanguage();
  const form = useFormDialog({
    open,
    initial: () => ({ name: '' }),
    validate: (f) => validateForm(tenantCreateBody, f),
    submit: (body) => api.post<number>('/wisdompower/v1/platform/tenant', body),
    onSaved,
  });
  return (
    <Modal open={open} onClose={onClose} title={t('platformOperate.newTenant')} width={400}>
      <form {...form.formProps} data-testid="tenant-form">
        <FormTextField label={t('platformOperate.tenantName')} field={form.field('name')} name="tenantName" autoComplete="off" />
        <FormActions onClose={onClose} busy={form.busy} />
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
  const form = useFormDialog({
    open,
    initial: () => ({ name: '', tenantid: '', districtid: '' }),
    validate: (f) => validateForm(projectForm, f),
    submit: (_valid, f) =>
      api.post('/wisdompower/v1/account/node', [
        { modelLabel: 'project', name: f.name.trim(), tenantid: Number(f.tenantid), districtid: Number(f.districtid) },
      ]),
    onSaved,
  });
  const [districts, setDistricts] = useState<DistrictOption[]>([]);
  useEffect(() => {
    if (!open) return;
    api
      .get<DistrictOption[]>('/wisdompower/v1/platform/districts')
      .then(setDistricts)
      .catch(() => setDistricts([]));
  }, [open]);
  return (
    <Modal open={open} onClose={onClose} title={t('platformOperate.newProject')} width={440}>
      <form {...form.formProps} data-testid="project-form">
        <FormTextField label={t('platformOperate.projectName')} field={form.field('name')} name="projectName" autoComplete="off" />
        <TenantField label={t('platformOperate.tenant')} field={form.field('tenantid')} tenants={tenants.filter((x) => x.status === 1)} />
        <FormSelectField
          label={t('platformOperate.district')}
          field={form.field('districtid')}
          placeholder="--"
          options={districts.map((d) => ({ value: String(d.id), label: d.name }))}
        />
        <FormActions onClose={onClose} busy={form.busy} />
      </form>
    </Modal>
  );
}
