import { useState } from 'react';
import type { OrderDetailDto } from '../../../domain/schemas/workorder';
import { uploadFile } from '../../app/api/blob';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button } from '../../app/ui/Modal';
import { useSettings } from '../../app/settings/settingsStore';
import { transition } from '../workOrder/workOrderApi';

/** The on-site record of 处理完成: cause from the catalogue, measures, photos, and an override reason when asked. */
export function RecordForm({ order, onDone }: { order: OrderDetailDto; onDone: () => void }) {
  useLanguage();
  const causes = useSettings().settings.orderCauses;
  const [cause, setCause] = useState(causes[0] ?? '');
  const [measures, setMeasures] = useState('');
  const [override, setOverride] = useState('');
  const [files, setFiles] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const field = 'w-full rounded border border-line bg-surface-2 px-3 py-2 text-base';
  const submit = async () => {
    setBusy(true);
    try {
      await transition(order.id, {
        action: 'resolve',
        cause,
        measures,
        fileIds: files,
        ...(override.trim() ? { overrideReason: override.trim() } : {}),
      });
      onDone();
    } catch {
      // the client has shown the reason (读数仍超出阈值 …); the form stays for another try
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="space-y-3" data-testid="record-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <label className="block text-sm">
        <span className="mb-1 block text-muted">{t('wo.cause')}</span>
        <select className={field} value={cause} onChange={(e) => setCause(e.target.value)} name="cause">
          {causes.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm">
        <span className="mb-1 block text-muted">{t('wo.measures')}</span>
        <textarea className={field} rows={3} name="measures" value={measures} onChange={(e) => setMeasures(e.target.value)} />
      </label>
      <label className="block text-sm">
        <span className="mb-1 block text-muted">{t('wo.photos')}</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,.heic"
          name="photo"
          className="block w-full text-sm"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void uploadFile(file).then((name) => setFiles((f) => [...f, name]));
          }}
        />
        {files.length > 0 && (
          <span className="mt-1 block text-xs text-muted" data-testid="photo-count">
            {t('wo.photoCount', { count: files.length })}
          </span>
        )}
      </label>
      <label className="block text-sm">
        <span className="mb-1 block text-muted">{t('wo.overrideReason')}</span>
        <input className={field} name="overrideReason" value={override} onChange={(e) => setOverride(e.target.value)} />
        <span className="mt-1 block text-xs text-muted">{t('wo.overrideHint')}</span>
      </label>
      <Button kind="primary" type="submit" className="w-full py-3" disabled={busy || !measures.trim() || !cause}>
        {t('wo.action.resolve')}
      </Button>
    </form>
  );
}
