import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';

/**
 * Renders a hook of the console inside a QueryClientProvider (the tests run under jsdom), the way a
 * screen does: `result.current` is the hook's latest value, `rerender` gives it new arguments. React
 * renders on its own schedule: a test waits for the state it expects (vi.waitFor).
 */
export function renderHook<P, R>(client: QueryClient, hook: (props: P) => R, props: NoInfer<P>) {
  const root = createRoot(document.createElement('div'));
  const result = { current: undefined as R };
  function Probe({ args }: { args: P }): ReactNode {
    result.current = hook(args);
    return null;
  }
  const render = (args: P) =>
    root.render(
      <QueryClientProvider client={client}>
        <Probe args={args} />
      </QueryClientProvider>,
    );
  render(props);
  return { result, rerender: render, unmount: () => root.unmount() };
}

/** The server's answer: the `{code, msg, data}` envelope as JSON, with an HTTP status. */
export const envelope = (data: unknown, code = 0, status = 200, msg = code === 0 ? 'ok' : '无操作权限!') =>
  new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that answers each call with what `answer` gives for its URL; the calls are recorded. */
export function stubFetch(answer: (url: string) => Promise<Response> | Response) {
  const fetch = vi.fn((input: RequestInfo | URL) => Promise.resolve(answer(String(input))));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A promise resolved from outside: an answer held back until the test lets it go. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
