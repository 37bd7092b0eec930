import type { ReactNode } from 'react';
import { Tree, type TreeProps } from './Tree';

/**
 * A device screen's two columns: the device tree on the left at the window's height, opened to the
 * devices, and the screen's work beside it, scrolling on its own.
 */
export function TreeSideLayout({ tree, children }: { tree: TreeProps; children: ReactNode }) {
  return (
    <div className="grid min-h-0 flex-1 grid-cols-[18.75rem_minmax(0,1fr)] gap-4">
      <Tree defaultExpandDepth={4} className="h-[calc(100vh-9.375rem)]" {...tree} />
      <div className="flex min-w-0 flex-col gap-3 overflow-auto">{children}</div>
    </div>
  );
}
