import type { ReactNode } from 'react';
import { t } from '../../app/i18n/i18n';
import type { HeadCell } from '../../app/ui/TableHead';

/** A titled panel of the report (and of 处置统计). */
export function Card({
  title,
  children,
  testId,
  className = '',
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <section className={`rounded-lg border border-line bg-surface p-3 ${className}`} data-testid={testId}>
      <h2 className="mb-2 text-sm font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** One figure with its label and an optional hint under it. */
export function Kpi({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId?: string }) {
  return (
    <div className="rounded border border-line bg-surface-2 px-3 py-2" data-testid={testId}>
      <div className="text-xs text-muted">{label}</div>
      <div className="text-xl font-semibold tabular-nums" data-testid={testId && `${testId}-value`}>
        {value}
      </div>
      {hint && <div className="text-xs text-muted">{hint}</div>}
    </div>
  );
}

/** A list of the report, or the line saying it has nothing to list. */
export function OrNone({ has, none, children }: { has: boolean; none: string; children: ReactNode }) {
  return has ? children : <p className="text-sm text-muted">{none}</p>;
}

/** The head cells every ranked device table of the report begins with: rank, device, project. */
export const rankedDeviceHead = (): HeadCell[] => [
  { label: '#', className: 'py-1' },
  t('analysisReport.device'),
  t('analysisReport.project'),
];
