import type { ReactNode } from 'react';

/** The common frame of a management screen: title, optional filter bar, then the content. */
export function ScreenFrame({
  title,
  filters,
  aside,
  children,
  testId,
}: {
  title: string;
  filters?: ReactNode;
  /** beside the title (a wall's data time, where the filter bar is left out) */
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="flex h-full min-h-0 flex-col gap-3 p-4" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3">
        <h1 className="text-lg font-semibold">{title}</h1>
        {aside}
      </div>
      {filters && <div className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-surface px-3 pt-3">{filters}</div>}
      <div className="flex min-h-0 flex-1 flex-col">{children}</div>
    </section>
  );
}
