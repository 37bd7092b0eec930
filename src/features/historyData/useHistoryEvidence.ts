import { useEffect, useState } from 'react';
import type { EarlyWarningEvidenceDto } from '../../../domain/earlyWarning';
import { EARLY_WARNING_MEASURES } from '../../../domain/telemetry';
import { api } from '../../app/api/client';
import type { TrendSeries } from '../../app/trend/Trend';

/**
 * The early-warning evidence of the series the history chart shows (issue 31), when it shows one
 * watched series as read (not as differences) and that series has an open 趋势预警 or 异常偏离;
 * otherwise null. The chart draws it over the curve: the normal band, the fitted drift, the crossing.
 */
export function useHistoryEvidence(series: readonly TrendSeries[]): EarlyWarningEvidenceDto | null {
  const only = series.length === 1 && !series[0]!.isDiffValue ? series[0]! : null;
  const watched = only !== null && EARLY_WARNING_MEASURES.some((m) => m.dataId === only.dataId);
  const deviceId = watched ? only.deviceId : null;
  const dataId = watched ? only.dataId : null;
  const [evidence, setEvidence] = useState<EarlyWarningEvidenceDto | null>(null);
  useEffect(() => {
    setEvidence(null);
    if (deviceId === null || dataId === null) return;
    let current = true;
    api
      .get<EarlyWarningEvidenceDto>(`/wisdompower/v1/earlyWarning/evidence?deviceId=${deviceId}&dataId=${dataId}`, { quiet: true })
      .then((e) => current && setEvidence(e.open.length ? e : null))
      // without its evidence the chart is still the history: nothing to tell the user
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [deviceId, dataId]);
  return evidence;
}
