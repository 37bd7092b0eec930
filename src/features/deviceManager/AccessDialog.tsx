import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ACCESS_TYPE } from '../../../domain/enums';
import type { TerminalRowDto } from '../../../domain/schemas/ledger';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { SelectField } from '../../app/widgets/SelectField';
import { ledgerApi, ledgerQueries } from './ledgerApi';
import { accessTypeText } from '../../app/i18n/enumText';

/** A terminal's access type (GPRS/4G 5, 电信平台 6) and access scheme of the same type and tenant. */
export function AccessDialog({ device, onClose, onSaved }: { device: TerminalRowDto | null; onClose: () => void; onSaved: () => void }) {
  useLanguage();
  const config = useQuery({ ...ledgerQueries.accessConfig(), enabled: !!device });
  const [accesstype, setAccesstype] = useState('');
  const [schemeId, setSchemeId] = useState('');
  useEffect(() => {
    setAccesstype(device ? String(device.accesstype) : '');
    setSchemeId(device?.schemeId ? String(device.schemeId) : '');
  }, [device]);
  const schemes = (config.data?.schemes ?? []).filter((s) => String(s.accesstype) === accesstype && s.tenantId === device?.tenantid);
  const save = async () => {
    if (!device) return;
    const ok = await ledgerApi
      .saveAccess({ deviceId: device.id, accesstype: Number(accesstype), schemeId: schemeId ? Number(schemeId) : null })
      .catch(() => null);
    if (ok === null) return;
    toastSuccess(t('table.saveSuccess'));
    onSaved();
  };
  return (
    <Modal open={!!device} onClose={onClose} title={t('ledger.accessOf', { name: device?.name ?? '' })} width={420}>
      <SelectField
        label={t('ledger.accesstype')}
        name="accesstype"
        value={accesstype}
        onChange={(v) => (setAccesstype(v), setSchemeId(''))}
        placeholder="--"
        options={ACCESS_TYPE.list.map((a) => ({ value: String(a.id), label: accessTypeText(a.id) }))}
      />
      <SelectField
        label={t('ledger.scheme')}
        name="schemeId"
        value={schemeId}
        onChange={setSchemeId}
        placeholder={t('ledger.noScheme')}
        options={schemes.map((s) => ({ value: String(s.id), label: s.name }))}
      />
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button kind="primary" disabled={!accesstype} onClick={() => void save()}>
          {t('common.save')}
        </Button>
      </div>
    </Modal>
  );
}
