import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/client';
import { queryKeys } from '../../app/api/queryKeys';
import { t, useLanguage, type MessageKey } from '../../app/i18n/i18n';
import { Modal } from '../../app/ui/Modal';
import { FormActions } from '../../app/ui/form/FormActions';
import { useFormDialog } from '../../app/ui/form/useFormDialog';
import type { Checked } from '../../app/widgets/formErrors';
import { TableHead } from '../../app/ui/TableHead';
import { CellInput } from '../../app/ui/CellInput';

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
type Draft = Omit<ThresholdRow, 'alarmLimit' | 'warnLimit' | 'hysteresis'> & { alarmLimit: string; warnLimit: string; hysteresis: string };
type Threshold = Pick<ThresholdRow, 'dataId' | 'alarmLimit' | 'warnLimit' | 'hysteresis' | 'enabled'>;

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

/** The three limits typed per measure: the field, its input's name prefix and its column's label. */
const LIMITS = [
  ['alarmLimit', 'alarm', 'ledger.alarmLimit'],
  ['warnLimit', 'warn', 'ledger.warnLimit'],
  ['hysteresis', 'hys', 'ledger.hysteresis'],
] as const satisfies readonly (readonly [keyof Draft, string, MessageKey])[];

/** The rows as the thresholds saved, or the first measure whose limits are not numbers (one message for the table). */
function checkThresholds(rows: Draft[]): Checked<Threshold[]> {
  const bad = rows.find((r) => LIMITS.some(([k]) => r[k].trim() !== '' && !Number.isFinite(Number(r[k]))));
  if (bad) {
    const fields = LIMITS.map(([, , label]) => t(label)).join('/');
    return { ok: false, errors: { rows: t('ledger.mustBeNumbers', { measure: bad.measureName, fields }) } };
  }
  return {
    ok: true,
    data: rows.map((r) => ({
      dataId: r.dataId,
      alarmLimit: num(r.alarmLimit),
      warnLimit: num(r.warnLimit),
      hysteresis: num(r.hysteresis) ?? 0,
      enabled: r.enabled,
    })),
  };
}

/** Per-terminal thresholds (keyed rootID + rootLabel terminal) through the telemetry routes. */
export function ThresholdDialog({ device, onClose }: { device: { id: number; name: string } | null; onClose: () => void }) {
  useLanguage();
  const deviceId = device?.id ?? 0;
  const read = useQuery({
    queryKey: queryKeys.thresholds(deviceId),
    queryFn: () => api.post<ThresholdRow[]>(`${W}/list`, { rootID: deviceId, rootLabel: 'terminal' }),
    enabled: deviceId > 0,
    // read afresh on every opening: the dialog shows once the device's own answer is in
    gcTime: 0,
    placeholderData: undefined,
  });
  // a refused read closes the dialog (the client has shown the server's message)
  const failed = read.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  const form = useFormDialog({
    open: !!device && !!read.data?.length,
    initial: () => (read.data ?? []).map(toDraft),
    resetOn: [read.data],
    validate: checkThresholds,
    submit: (thresholds) => api.post<ThresholdRow[]>(`${W}/save`, { rootID: deviceId, rootLabel: 'terminal', thresholds }),
    onSaved: onClose,
  });
  const rows = form.draft;
  const patch = (dataId: number, change: Partial<Draft>) =>
    form.update((rs) => {
      Object.assign(
        rs.find((r) => r.dataId === dataId)!,
        change,
      );
    });

  return (
    <Modal open={!!device && rows.length > 0} onClose={onClose} title={t('ledger.thresholdsOf', { name: device?.name ?? '' })} width={720}>
      <form {...form.formProps}>
        <div className="max-h-[60vh] overflow-auto">
          <table className="w-full text-sm" data-testid="threshold-table">
            <TableHead
              className="sticky top-0 bg-surface text-left text-muted"
              cellClassName="py-1 font-medium"
              spacing="pr-2"
              cells={[t('ledger.measure'), ...LIMITS.map(([, , label]) => t(label)), t('ledger.enabled')]}
            />
            <tbody>
              {rows.map((r) => (
                <tr key={r.dataId} data-data-id={r.dataId} className="border-t border-line">
                  <td className="py-1 pr-2">
                    {r.measureName}
                    {r.unit ? ` (${r.unit})` : ''}
                    {r.isDefault && <span className="ml-2 text-xs text-muted">{t('ledger.isDefault')}</span>}
                  </td>
                  {LIMITS.map(([key, name, label]) => (
                    <CellInput
                      key={key}
                      name={`${name}-${r.dataId}`}
                      label={`${r.measureName} ${t(label)}`}
                      className={cell}
                      value={r[key]}
                      onValue={(value) => patch(r.dataId, { [key]: value })}
                    />
                  ))}
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
        {form.errors.rows && (
          <p className="mt-2 text-xs text-danger" role="alert">
            {form.errors.rows}
          </p>
        )}
        <FormActions onClose={onClose} busy={form.busy} />
      </form>
    </Modal>
  );
}
