import type { ReactNode } from 'react';
import { ShieldIcon } from './icons';

/**
 * A whole page that says why the screen asked for is not shown (no permission, no such path): a
 * card in the middle with the shield, a title, a line of text and the ways on as buttons.
 */
export function NoticePage({
  testId,
  iconClassName,
  title,
  text,
  textClassName = '',
  children,
}: {
  testId: string;
  /** the shield's colour */
  iconClassName: string;
  title: string;
  text: string;
  textClassName?: string;
  /** the buttons */
  children: ReactNode;
}) {
  return (
    <div className="flex h-full items-center justify-center p-6">
      <div className="max-w-md rounded-xl border border-line bg-surface p-8 text-center" data-testid={testId}>
        <ShieldIcon width="3rem" height="3rem" className={`mx-auto ${iconClassName}`} />
        <h1 className="mt-3 text-xl font-semibold">{title}</h1>
        <p className={`mt-2 text-sm text-muted ${textClassName}`}>{text}</p>
        <div className="mt-6 flex justify-center gap-3">{children}</div>
      </div>
    </div>
  );
}
