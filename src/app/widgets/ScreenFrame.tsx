import type { ReactNode } from 'react';

/** The common frame of a management screen: title, optional filter bar, then the content. */
export function ScreenFrame({
  title,
  filters,
  children,
  testId,
}: {
  title: string;
  filters?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="flex h-full min-h-0 flex-col gap-3 p-4" data-testid={testId}>
      <h1 className="text-lg font-semibold">{title}</h1>
      {filters && <div className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-surface px-3 pt-3">{filters}</div>}
      <div className="flex min-h-0 flex-1 flex-col">{children}</div>
    </section>
  );
}
