import { useQuery } from '@tanstack/react-query';
import { ACCESS_TYPE } from '../../../domain/enums';
import type { TerminalRowDto } from '../../../domain/schemas/ledger';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal } from '../../app/ui/Modal';
import { FormSelectField } from '../../app/ui/form/FormFields';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import { ledgerApi, ledgerQueries } from './ledgerApi';
import { accessTypeText } from '../../app/i18n/enumText';

/** A terminal's access type (GPRS/4G 5, 电信平台 6) and access scheme of the same type and tenant. */
export function AccessDialog({ device, onClose, onSaved }: { device: TerminalRowDto | null; onClose: () => void; onSaved: () => void }) {
  useLanguage();
  const config = useQuery({ ...ledgerQueries.accessConfig(), enabled: !!device });
  const form = useFormDialog({
    open: !!device,
    initial: () => ({ accesstype: device ? String(device.accesstype) : '', schemeId: device?.schemeId ? String(device.schemeId) : '' }),
    resetOn: [device],
    submit: ({ accesstype, schemeId }) =>
      // the hook submits only while the dialog is open, which it is only with a device
      ledgerApi.saveAccess({ deviceId: device!.id, accesstype: Number(accesstype), schemeId: schemeId ? Number(schemeId) : null }),
    onSaved,
  });
  const { accesstype } = form.draft;
  const schemes = (config.data?.schemes ?? []).filter((s) => String(s.accesstype) === accesstype && s.tenantId === device?.tenantid);
  return (
    <Modal open={!!device} onClose={onClose} title={t('ledger.accessOf', { name: device?.name ?? '' })} width={420}>
      <FormSelectField
        label={t('ledger.accesstype')}
        // a scheme is of one access type: another type's choice starts the scheme again
        field={form.field('accesstype', { schemeId: '' })}
        placeholder="--"
        options={ACCESS_TYPE.list.map((a) => ({ value: String(a.id), label: accessTypeText(a.id) }))}
      />
      <FormSelectField
        label={t('ledger.scheme')}
        field={form.field('schemeId')}
        placeholder={t('ledger.noScheme')}
        options={schemes.map((s) => ({ value: String(s.id), label: s.name }))}
      />
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button kind="primary" disabled={!accesstype || form.busy} onClick={() => void form.submit()}>
          {t('common.save')}
        </Button>
      </div>
    </Modal>
  );
}
