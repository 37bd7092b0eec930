import { formatTime } from '../../app/time/projectTime';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t, useLanguage } from '../../app/i18n/i18n';
import { remoteControlText } from '../../app/i18n/remoteText';
import { SendControlDialog } from '../../app/device/SendControlDialog';
import { listControlPoints, type ControlPoint } from '../../app/device/remoteCommands';
import { queryKeys } from '../../app/api/queryKeys';

/**
 * The device's control points; each command goes through 操作验证 exactly as in the device dialog.
 * One panel per device (its parent keys it by the device): the last command's result is that device's.
 */
export function ControlPointsPanel({ deviceId, canControl }: { deviceId: number; canControl: boolean }) {
  useLanguage();
  const read = useQuery({ queryKey: queryKeys.remote.controlPoints(deviceId), queryFn: () => listControlPoints(deviceId) });
  const error = read.error?.message ?? null;
  const points: ControlPoint[] | null = error ? [] : (read.data ?? null);
  const [pending, setPending] = useState<ControlPoint | null>(null);
  const [last, setLast] = useState<{ name: string; at: Date } | null>(null);

  return (
    <div className="rounded-lg border border-line bg-surface p-3" data-testid="control-points">
      <h2 className="mb-2 font-medium">{t('remoteSetting.controlPoints')}</h2>
      {points === null && <p className="text-sm text-muted">{t('app.loading')}</p>}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {points?.length === 0 && !error && (
        <p className="text-sm text-muted" data-testid="no-control-points">
          {t('remote.noPoints')}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {points?.map((p) => (
          <button
            key={p.id}
            type="button"
            data-testid={`control-${p.para}`}
            disabled={!canControl}
            title={canControl ? undefined : t('msg.denied')}
            className="rounded bg-brand px-4 py-1.5 text-sm text-brand-ink disabled:cursor-not-allowed disabled:opacity-50"
            onClick={() => setPending(p)}
          >
            {remoteControlText(p.id, p.name)}
          </button>
        ))}
        {last && (
          <span className="text-sm text-ok" data-testid="control-result">
            {last.name} · {t('remote.ok')} · {formatTime(last.at, 'HH:mm:ss')}
          </span>
        )}
      </div>
      <SendControlDialog
        deviceId={deviceId}
        point={pending}
        onClose={() => setPending(null)}
        onSent={(p) => setLast({ name: remoteControlText(p.id, p.name), at: new Date() })}
      />
    </div>
  );
}
