import type { ReactNode } from 'react';

/** A titled card of the 大屏: its title large enough for a wall, the content filling what is left. */
export function BigPanel({
  title,
  extra,
  children,
  testId,
  className = '',
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <section
      className={`flex min-h-0 min-w-0 flex-col overflow-hidden rounded-lg border border-line bg-surface ${className}`}
      data-testid={testId}
    >
      <header className="flex shrink-0 items-center justify-between gap-[0.5rem] border-b border-line px-[0.7rem] py-[0.3rem]">
        <h2 className="min-w-0 truncate text-[1.05rem] font-semibold">{title}</h2>
        {extra}
      </header>
      <div className="relative min-h-0 flex-1 px-[0.7rem] py-[0.4rem]">{children}</div>
    </section>
  );
}
