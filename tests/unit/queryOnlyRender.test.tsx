// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, useState } from 'react';
import type { Root } from 'react-dom/client';
import { Link, Router, useLocation } from 'wouter';
import { commits, counted, mount } from './renderCounts';
import { useLanguagePack } from '../../src/app/i18n/i18n';
import zh from '../../src/app/i18n/locales/zh_cn';
import { useHashPath } from '../../src/app/routing/useHashPath';
import { Tree } from '../../src/app/widgets/tree/Tree';
import type { TreeNode } from '../../src/app/widgets/tree/treeModel';

// The tree reads the console's scale once per render of its own: counted here, its renders are counted.
const treeRenders = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../src/app/ui/rem', async (original) => ({
  ...(await original<typeof import('../../src/app/ui/rem')>()),
  useScaledPx: (px: number) => {
    treeRenders.n++;
    return px;
  },
}));

/**
 * A screen's own parameters render the screen only (issue 32): the history screen's link carries its
 * devices and range in the hash's query, and each new range used to render the whole shell (router,
 * sidebar links, header) and the device tree twice before the query even started.
 */
let root: Root;
const goTo = (hash: string) =>
  act(() => {
    window.history.replaceState(null, '', hash);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });

beforeAll(async () => {
  await useLanguagePack('zh_cn', zh);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.replaceChildren();
});

describe('the router hears the hash path, not its query', () => {
  let seen: string[];
  function Shell() {
    const [location] = useLocation();
    seen.push(location);
    return (
      <Link href="/historyData" className={(active: boolean) => (active ? 'active' : 'idle')}>
        历史数据
      </Link>
    );
  }
  beforeEach(() => {
    seen = [];
    window.history.replaceState(null, '', '#/historyData?devices=1&measures=1001&from=0&to=3600000');
    root = mount(counted('shell', <Router hook={useHashPath}>{<Shell />}</Router>));
  });

  it('gives the path without the query, and a link to that path is the active one', () => {
    expect(seen.at(-1)).toBe('/historyData');
    expect(document.querySelector('a')?.className).toBe('active');
    expect(document.querySelector('a')?.getAttribute('href')).toBe('#/historyData');
  });

  it('renders nothing when only the query changes', () => {
    goTo('#/historyData?devices=1&measures=1001&from=0&to=7200000');
    goTo('#/historyData?devices=2&measures=1101');
    expect(commits.get('shell') ?? 0).toBe(0);
  });

  it('renders once when the path changes, with the new path', () => {
    goTo('#/realTime');
    expect(commits.get('shell')).toBe(1);
    expect(seen.at(-1)).toBe('/realTime');
    expect(document.querySelector('a')?.className).toBe('idle');
  });
});

describe('the device tree renders for what it shows only', () => {
  const nodes: TreeNode[] = [{ id: 'p1', label: '西湖文化广场', children: [{ id: 't1', label: '1号配电箱' }] }];
  const refetch = () => undefined;
  let setTick: (n: number) => void = () => {};
  let setChecked: (s: ReadonlySet<string>) => void = () => {};
  let fetching = false;
  function Screen() {
    const [tick, setT] = useState(0);
    const [checked, setC] = useState<ReadonlySet<string>>(new Set());
    setTick = setT;
    setChecked = setC;
    return (
      <div data-tick={tick}>
        {/* a query's result: a new object at every render of the screen */}
        <Tree nodes={nodes} checkable checked={checked} onCheckedChange={setC} load={{ isFetching: fetching, error: null, refetch }} />
      </div>
    );
  }
  beforeEach(() => {
    fetching = false;
    root = mount(<Screen />);
    treeRenders.n = 0;
  });

  it('does not render when the screen renders for its own state, with a load that reads the same', () => {
    act(() => setTick(1));
    act(() => setTick(2));
    expect(treeRenders.n).toBe(0);
  });

  it('renders when its checked devices or its load change', () => {
    act(() => setChecked(new Set(['t1'])));
    expect(treeRenders.n).toBe(1);
    fetching = true;
    act(() => setTick(1));
    expect(treeRenders.n).toBe(2);
  });
});
