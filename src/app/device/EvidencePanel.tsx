import { useEffect, useMemo, useState } from 'react';
import { EARLY_WARNING_MEASURES } from '../../../domain/telemetry';
import type { EarlyWarningEvidenceDto } from '../../../domain/earlyWarning';
import { api, ApiError } from '../api/client';
import { Chart } from '../charts/Chart';
import { t, useLanguage } from '../i18n/i18n';
import { measureText } from '../i18n/measureText';
import { useTheme } from '../theme';
import { evidenceData, evidenceLayout, evidenceOptions, type EvidenceLayout } from './evidencePlot';
import { evidenceSummary } from './evidenceText';

/**
 * 预警依据 (issue 31): for one watched measure of the device, the last three days' hourly values, the
 * normal band of each hour and the fitted drift with its projected crossing of the limit — what the
 * early-warning detectors judged, drawn where the operator looks at the device.
 */
export function EvidencePanel({ deviceId, dataIds }: { deviceId: number; dataIds: readonly number[] }) {
  useLanguage();
  const theme = useTheme();
  const measures = useMemo(() => EARLY_WARNING_MEASURES.filter((m) => dataIds.includes(m.dataId)), [dataIds]);
  const [dataId, setDataId] = useState<number | null>(null);
  const chosen = dataId ?? measures[0]?.dataId ?? null;
  const [evidence, setEvidence] = useState<EarlyWarningEvidenceDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (chosen === null) return;
    let current = true;
    setEvidence(null);
    setError(null);
    api
      .get<EarlyWarningEvidenceDto>(`/wisdompower/v1/earlyWarning/evidence?deviceId=${deviceId}&dataId=${chosen}`, { quiet: true })
      .then((e) => current && setEvidence(e))
      .catch((err: unknown) => current && setError(err instanceof ApiError && err.message ? err.message : t('msg.fetchFailed')));
    return () => {
      current = false;
    };
  }, [deviceId, chosen]);

  const def = measures.find((m) => m.dataId === chosen);
  const layout: EvidenceLayout | null = evidence && def ? evidenceLayout(evidence, def.unit, theme === 'dark') : null;
  const layoutKey = JSON.stringify(layout);
  const options = useMemo(() => (layoutKey === 'null' ? null : evidenceOptions(JSON.parse(layoutKey) as EvidenceLayout)), [layoutKey]);
  const data = useMemo(() => (evidence ? evidenceData(evidence) : null), [evidence]);
  if (measures.length === 0) return null;

  return (
    <section className="rounded border border-line p-2" data-testid="evidence-panel">
      <div className="mb-1 flex flex-wrap items-center gap-3">
        <h3 className="text-sm font-medium">{t('evidence.title')}</h3>
        <select
          aria-label={t('evidence.measure')}
          className="rounded border border-line bg-surface px-2 py-0.5 text-sm"
          value={chosen ?? ''}
          onChange={(e) => setDataId(Number(e.target.value))}
        >
          {measures.map((m) => (
            <option key={m.dataId} value={m.dataId}>
              {measureText(m.dataId)}
            </option>
          ))}
        </select>
        <span className="text-sm text-muted" data-testid="evidence-summary">
          {evidence && def ? evidenceSummary(evidence, def.unit) : null}
        </span>
      </div>
      {error && <div className="p-4 text-sm text-muted">{error}</div>}
      {options && data && <Chart options={options} data={data} height={220} testId="evidence-chart" />}
    </section>
  );
}
