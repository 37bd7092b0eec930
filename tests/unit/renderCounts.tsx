import { act, Profiler, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

// React's act() outside a testing library: tell React this environment flushes its updates through act
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Commits of each profiled part since the last reset: what a change renders, counted (jsdom tests). */
export const commits = new Map<string, number>();

export const counted = (id: string, node: ReactNode) => (
  <Profiler id={id} onRender={() => commits.set(id, (commits.get(id) ?? 0) + 1)}>
    {node}
  </Profiler>
);

/** Renders `node` into a new root in the document, then forgets the commits of that first render. */
export function mount(node: ReactNode): Root {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(node));
  commits.clear();
  return root;
}
