import { describe, expect, it } from 'vitest';
import {
  checkState,
  filterIds,
  indexTree,
  setChecked,
  toggleWithRange,
  visibleRows,
  type TreeNode,
} from '../../src/app/widgets/tree/treeModel';

const tree: TreeNode[] = [
  {
    id: 'zj',
    label: '浙江省',
    children: [
      {
        id: 'hz',
        label: '杭州市',
        children: [
          { id: 'a', label: '西湖文化广场' },
          { id: 'b', label: '滨江科技园' },
        ],
      },
    ],
  },
  {
    id: 'sc',
    label: '四川省',
    children: [
      { id: 'c', label: '武侯购物中心' },
      { id: 'd', label: '成都东站' },
    ],
  },
];
const index = indexTree(tree);

describe('tree model', () => {
  it('filters to matches with their ancestors, expanded', () => {
    const rows = visibleRows(tree, new Set(), filterIds(tree, index, '武侯'));
    expect(rows.map((r) => r.node.id)).toEqual(['sc', 'c']);
    expect(visibleRows(tree, new Set(), filterIds(tree, index, ''))).toHaveLength(2);
  });

  it('checks a range with Shift from the anchor, either direction', () => {
    const rows = visibleRows(tree, new Set(['zj', 'hz', 'sc']), undefined);
    const checked = toggleWithRange(index, rows, 'd', 'a', true, new Set());
    expect([...checked].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(checkState(index, 'sc', checked)).toBe('checked');
    const one = toggleWithRange(index, rows, 'b', 'a', false, new Set());
    expect([...one]).toEqual(['b']);
    expect(checkState(index, 'zj', one)).toBe('indeterminate');
  });

  it('checks into a new frozen set, leaves the given one alone, and hands it back when nothing changes', () => {
    const start = new Set(['a']);
    const next = setChecked(index, ['hz'], true, start);
    expect([...start]).toEqual(['a']);
    expect([...next].sort()).toEqual(['a', 'b']);
    expect(setChecked(index, ['a', 'b'], true, next)).toBe(next);
    expect(() => (next as Set<string>).add('z')).toThrow();
  });

  // How fast is a bench's question (bench/ledger.ts), never a test's: a timed assertion fails on a busy machine.
  it('filters 20,000 nodes down to the matching terminals and their project', () => {
    const big: TreeNode[] = Array.from({ length: 100 }, (_, p) => ({
      id: `p${p}`,
      label: `项目${p}`,
      children: Array.from({ length: 200 }, (_, i) => ({ id: `p${p}-${i}`, label: `终端 VG${p}-${i}` })),
    }));
    const bigIndex = indexTree(big);
    const rows = visibleRows(big, new Set(), filterIds(big, bigIndex, 'vg42-1'));
    expect(rows[0]!.node.id).toBe('p42');
    expect(rows.every((r) => r.node.id === 'p42' || r.node.id.startsWith('p42-1'))).toBe(true);
  });
});
