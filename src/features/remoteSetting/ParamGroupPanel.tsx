import { useCallback, useEffect, useState } from 'react';
import { t, useLanguage } from '../../app/i18n/i18n';
import { remoteGroupText, remoteParamText } from '../../app/i18n/remoteText';
import { localizeMessage } from '../../app/i18n/domainText';
import { OperationVerifyDialog } from '../../app/device/OperationVerifyDialog';
import { Button } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { useImmer } from '../../app/useImmer';
import { checkForm, draftsOf, outcomesOf, type Drafts, type Outcome, type ParamRow } from './paramForm';
import { errorText, readParams, saveParams, type ParamGroup } from './remoteApi';
import { TableHead } from '../../app/ui/TableHead';

/**
 * One parameter group of a device: definitions, the values the device reports, the form, and after a
 * save which values the device took. The form is always refilled from a fresh read of the device.
 */
export function ParamGroupPanel({ deviceId, group, canUpdate }: { deviceId: number; group: ParamGroup; canUpdate: boolean }) {
  useLanguage();
  const [rows, setRows] = useState<ParamRow[] | null>(null);
  const [drafts, updateDrafts] = useImmer<Drafts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [readError, setReadError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [pending, setPending] = useState<{ id: string; value: number }[] | null>(null);

  const read = useCallback(async () => {
    setReading(true);
    setReadError(null);
    try {
      const fresh = await readParams(deviceId, group.id);
      setRows(fresh);
      updateDrafts(draftsOf(fresh));
      setErrors({});
    } catch (err) {
      setReadError(errorText(err, t('msg.listFailed')));
    } finally {
      setReading(false);
    }
  }, [deviceId, group.id, updateDrafts]);

  useEffect(() => {
    setRows(null);
    setOutcomes({});
    void read();
  }, [read]);

  const submit = () => {
    if (!rows) return;
    const check = checkForm(rows, drafts);
    setErrors(check.errors);
    if (Object.keys(check.errors).length) return;
    if (!check.changed.length) {
      setErrors({ _form: t('remoteSetting.unchanged') });
      return;
    }
    setPending(check.changed);
  };

  return (
    <div className="rounded-lg border border-line bg-surface p-3" data-testid={`param-group-${group.id}`}>
      <div className="mb-2 flex items-center gap-2">
        <h2 className="font-medium">{remoteGroupText(group.id, group.name)}</h2>
        <span className="text-xs text-muted">{t('remoteSetting.valuesFromDevice')}</span>
        <Button className="ml-auto" onClick={() => void read()} disabled={reading} data-testid="param-read">
          {reading ? t('remoteSetting.reading') : t('remoteSetting.read')}
        </Button>
        {canUpdate && (
          <Button kind="primary" onClick={submit} disabled={!rows || reading} data-testid="param-save">
            {t('common.save')}
          </Button>
        )}
      </div>
      {readError && (
        <p
          role="alert"
          className="mb-2 rounded border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
          data-testid="param-read-error"
        >
          {readError}
        </p>
      )}
      {errors._form && (
        <p className="mb-2 text-sm text-muted" data-testid="param-form-note">
          {errors._form}
        </p>
      )}
      {rows && (
        <table className="w-full text-sm" data-testid="param-table">
          <TableHead
            rowClassName="border-b border-line text-left text-muted"
            cellClassName="py-1.5 font-normal"
            spacing="pr-3"
            cells={[
              t('remoteSetting.param'),
              t('remoteSetting.deviceValue'),
              { label: t('remoteSetting.newValue'), className: 'w-56' },
              t('remoteSetting.range'),
              t('remoteSetting.outcome'),
            ]}
          />
          <tbody>
            {rows.map((r) => {
              const o = outcomes[r.id];
              return (
                <tr key={r.id} className="border-b border-line/60 align-top" data-testid={`param-row-${r.id}`}>
                  <td className="py-2 pr-3">
                    {remoteParamText(r.id, r.name)}
                    {r.required && <span className="ml-0.5 text-danger">*</span>}
                  </td>
                  <td className="py-2 pr-3 tabular-nums" data-testid="param-device-value">
                    {r.value ?? '—'} <span className="text-muted">{r.unit}</span>
                  </td>
                  <td className="py-1 pr-3">
                    <input
                      name={`param-${r.id}`}
                      aria-label={`${remoteParamText(r.id, r.name)} ${t('remoteSetting.newValue')}`}
                      inputMode={r.type === 'int' ? 'numeric' : 'decimal'}
                      disabled={!canUpdate}
                      value={drafts[r.id] ?? ''}
                      onChange={(e) => {
                        const typed = e.target.value;
                        updateDrafts((d) => {
                          d[r.id] = typed;
                        });
                      }}
                      aria-invalid={!!errors[r.id]}
                      className={`w-full rounded border bg-surface-2 px-2 py-1 tabular-nums text-ink outline-none focus:border-brand disabled:opacity-60 ${errors[r.id] ? 'border-danger' : 'border-line'}`}
                    />
                    {errors[r.id] && (
                      <span role="alert" className="mt-1 block text-xs text-danger">
                        {localizeMessage(errors[r.id] ?? '')}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3 text-muted">
                    {r.min} ~ {r.max} {r.unit} ·{' '}
                    {r.type === 'int' ? t('remoteSetting.int') : t('remoteSetting.decimal', { count: r.precision })}
                  </td>
                  <td className="py-2" data-testid="param-outcome">
                    {o &&
                      (o.accepted ? (
                        <span className="text-ok">{t('remoteSetting.accepted')}</span>
                      ) : (
                        <span className="text-danger">
                          {t('remoteSetting.notAccepted', { sent: o.sent, device: o.device === null ? '—' : o.device })}
                        </span>
                      ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {pending && (
        <OperationVerifyDialog
          open
          onClose={() => setPending(null)}
          onConfirm={async (cred) => {
            const res = await saveParams(deviceId, group.id, pending, cred);
            if (!res.ok) return res.message;
            setOutcomes(outcomesOf(pending, res.answer));
            toastSuccess(t('msg.saveSuccess'));
            // What the screen shows next is the device's own answer to a fresh read.
            void read();
            return null;
          }}
        />
      )}
    </div>
  );
}
