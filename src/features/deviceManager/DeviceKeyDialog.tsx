import { useEffect, useState } from 'react';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { ledgerApi } from './ledgerApi';

/** The device's ingest key, fetched only when asked for (each look lands in the operation log). */
export function DeviceKeyDialog({ device, onClose }: { device: { id: number; name: string } | null; onClose: () => void }) {
  useLanguage();
  const [key, setKey] = useState<{ key: string; header: string } | null>(null);
  useEffect(() => {
    setKey(null);
    if (device) ledgerApi.deviceKey(device.id).then(setKey, onClose);
  }, [device, onClose]);
  const copy = () =>
    key &&
    navigator.clipboard?.writeText(key.key).then(
      () => toastSuccess(t('ledger.copied')),
      () => {},
    );
  return (
    <Modal open={!!device && !!key} onClose={onClose} title={t('ledger.deviceKeyOf', { name: device?.name ?? '' })} width={520}>
      <code
        className="mb-3 block rounded border border-line bg-surface-2 px-3 py-2 font-mono text-sm break-all select-all"
        data-testid="device-key"
      >
        {key?.key}
      </code>
      <p className="mb-4 text-xs text-muted">{t('ledger.deviceKeyHint', { header: key?.header ?? 'X-Device-Key' })}</p>
      <div className="flex justify-end gap-2">
        <Button onClick={() => void copy()}>{t('ledger.copy')}</Button>
        <Button kind="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Modal>
  );
}
