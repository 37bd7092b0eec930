import { useEffect, useState } from 'react';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button, Modal } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { useImmer } from '../../app/useImmer';
import { TableHead } from '../../app/ui/TableHead';

interface ThresholdRow {
  dataId: number;
  measureName: string;
  unit: string;
  alarmLimit: number | null;
  warnLimit: number | null;
  hysteresis: number;
  enabled: boolean;
  isDefault: boolean;
}
type Draft = {
  dataId: number;
  measureName: string;
  unit: string;
  alarmLimit: string;
  warnLimit: string;
  hysteresis: string;
  enabled: boolean;
  isDefault: boolean;
};
const W = '/wisdompower/v1/account/device/measure/threshold';
const cell = 'w-24 rounded border border-line bg-surface-2 px-2 py-1 text-sm text-ink outline-none focus:border-brand';
const str = (v: number | null) => (v === null ? '' : String(v));
const num = (v: string) => (v.trim() === '' ? null : Number(v));
const toDraft = (r: ThresholdRow): Draft => ({
  ...r,
  alarmLimit: str(r.alarmLimit),
  warnLimit: str(r.warnLimit),
  hysteresis: String(r.hysteresis),
});

/** Per-terminal thresholds (keyed rootID + rootLabel terminal) through the telemetry routes. */
export function ThresholdDialog({ device, onClose }: { device: { id: number; name: string } | null; onClose: () => void }) {
  useLanguage();
  const [rows, updateRows] = useImmer<Draft[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    updateRows([]);
    setError('');
    if (device)
      api
        .post<ThresholdRow[]>(`${W}/list`, { rootID: device.id, rootLabel: 'terminal' })
        .then((list) => updateRows(list.map(toDraft)), onClose);
  }, [device, onClose, updateRows]);
  const patch = (dataId: number, change: Partial<Draft>) =>
    updateRows((rs) => {
      Object.assign(
        rs.find((r) => r.dataId === dataId)!,
        change,
      );
    });

  const save = async () => {
    const bad = rows.find((r) => [r.alarmLimit, r.warnLimit, r.hysteresis].some((v) => v.trim() !== '' && !Number.isFinite(Number(v))));
    if (bad)
      return setError(
        t('ledger.mustBeNumbers', {
          measure: bad.measureName,
          fields: `${t('ledger.alarmLimit')}/${t('ledger.warnLimit')}/${t('ledger.hysteresis')}`,
        }),
      );
    setError('');
    const thresholds = rows.map((r) => ({
      dataId: r.dataId,
      alarmLimit: num(r.alarmLimit),
      warnLimit: num(r.warnLimit),
      hysteresis: num(r.hysteresis) ?? 0,
      enabled: r.enabled,
    }));
    const saved = await api.post<ThresholdRow[]>(`${W}/save`, { rootID: device!.id, rootLabel: 'terminal', thresholds }).catch(() => null);
    if (!saved) return;
    toastSuccess(t('table.saveSuccess'));
    onClose();
  };

  return (
    <Modal open={!!device && rows.length > 0} onClose={onClose} title={t('ledger.thresholdsOf', { name: device?.name ?? '' })} width={720}>
      <div className="max-h-[60vh] overflow-auto">
        <table className="w-full text-sm" data-testid="threshold-table">
          <TableHead
            className="sticky top-0 bg-surface text-left text-muted"
            cellClassName="py-1 font-medium"
            spacing="pr-2"
            cells={[t('ledger.measure'), t('ledger.alarmLimit'), t('ledger.warnLimit'), t('ledger.hysteresis'), t('ledger.enabled')]}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={r.dataId} data-data-id={r.dataId} className="border-t border-line">
                <td className="py-1 pr-2">
                  {r.measureName}
                  {r.unit ? ` (${r.unit})` : ''}
                  {r.isDefault && <span className="ml-2 text-xs text-muted">{t('ledger.isDefault')}</span>}
                </td>
                <td className="py-1 pr-2">
                  <input
                    name={`alarm-${r.dataId}`}
                    aria-label={`${r.measureName} ${t('ledger.alarmLimit')}`}
                    className={cell}
                    value={r.alarmLimit}
                    onChange={(e) => patch(r.dataId, { alarmLimit: e.target.value })}
                  />
                </td>
                <td className="py-1 pr-2">
                  <input
                    name={`warn-${r.dataId}`}
                    aria-label={`${r.measureName} ${t('ledger.warnLimit')}`}
                    className={cell}
                    value={r.warnLimit}
                    onChange={(e) => patch(r.dataId, { warnLimit: e.target.value })}
                  />
                </td>
                <td className="py-1 pr-2">
                  <input
                    name={`hys-${r.dataId}`}
                    aria-label={`${r.measureName} ${t('ledger.hysteresis')}`}
                    className={cell}
                    value={r.hysteresis}
                    onChange={(e) => patch(r.dataId, { hysteresis: e.target.value })}
                  />
                </td>
                <td className="py-1">
                  <input
                    type="checkbox"
                    aria-label={`${r.measureName} ${t('ledger.enabled')}`}
                    className="h-4 w-4 accent-[var(--vg-brand)]"
                    checked={r.enabled}
                    onChange={(e) => patch(r.dataId, { enabled: e.target.checked })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && (
        <p className="mt-2 text-xs text-danger" role="alert">
          {error}
        </p>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button kind="primary" onClick={() => void save()}>
          {t('common.save')}
        </Button>
      </div>
    </Modal>
  );
}
