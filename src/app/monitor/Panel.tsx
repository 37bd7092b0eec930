import type { ReactNode } from 'react';

/** A titled card of the monitoring dashboards. */
export function Panel({
  title,
  extra,
  children,
  className,
  testId,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={`flex min-h-0 flex-col rounded-lg border border-line bg-surface ${className ?? ''}`} data-testid={testId}>
      <header className="flex items-center justify-between gap-2 border-b border-line px-3 py-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        {extra}
      </header>
      <div className="min-h-0 flex-1 p-3">{children}</div>
    </section>
  );
}
