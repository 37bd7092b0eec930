import { describe, expect, it } from 'vitest';
import { indexTree, visibleRows, type TreeNode } from '../../src/app/widgets/tree/treeModel';
import { treeKeyAction, typeAheadTarget } from '../../src/app/widgets/tree/treeKeys';

const tree: TreeNode[] = [
  {
    id: 'zj',
    label: '浙江省',
    children: [
      {
        id: 'hz',
        label: '杭州市',
        children: [
          { id: 'a', label: 'Alpha 配电柜' },
          { id: 'b', label: 'Beta 配电柜' },
        ],
      },
    ],
  },
  {
    id: 'sc',
    label: '四川省',
    children: [
      { id: 'c', label: 'Alps 站' },
      { id: 'd', label: 'Bravo 站' },
    ],
  },
];
const index = indexTree(tree);
const allOpen = visibleRows(tree, new Set(['zj', 'hz', 'sc']), undefined);
const closed = visibleRows(tree, new Set(), undefined);

describe('tree keys (WAI-ARIA tree pattern)', () => {
  it('↓ and ↑ move between visible rows and stop at the ends', () => {
    expect(treeKeyAction(allOpen, index, 'zj', 'ArrowDown')).toEqual({ kind: 'focus', id: 'hz' });
    expect(treeKeyAction(allOpen, index, 'b', 'ArrowDown')).toEqual({ kind: 'focus', id: 'sc' });
    expect(treeKeyAction(allOpen, index, 'd', 'ArrowDown')).toEqual({ kind: 'focus', id: 'd' });
    expect(treeKeyAction(allOpen, index, 'zj', 'ArrowUp')).toEqual({ kind: 'focus', id: 'zj' });
    expect(treeKeyAction(closed, index, 'zj', 'ArrowDown')).toEqual({ kind: 'focus', id: 'sc' });
  });

  it('Home and End go to the first and last visible row', () => {
    expect(treeKeyAction(allOpen, index, 'b', 'Home')).toEqual({ kind: 'focus', id: 'zj' });
    expect(treeKeyAction(allOpen, index, 'a', 'End')).toEqual({ kind: 'focus', id: 'd' });
  });

  it('→ opens a closed branch, then moves to its first child; on a leaf it does nothing', () => {
    expect(treeKeyAction(closed, index, 'zj', 'ArrowRight')).toEqual({ kind: 'expand', ids: ['zj'] });
    expect(treeKeyAction(allOpen, index, 'zj', 'ArrowRight')).toEqual({ kind: 'focus', id: 'hz' });
    expect(treeKeyAction(allOpen, index, 'a', 'ArrowRight')).toEqual({ kind: 'none' });
  });

  it('← closes an open branch, else moves to the parent; on a closed root it does nothing', () => {
    expect(treeKeyAction(allOpen, index, 'hz', 'ArrowLeft')).toEqual({ kind: 'collapse', id: 'hz' });
    expect(treeKeyAction(allOpen, index, 'b', 'ArrowLeft')).toEqual({ kind: 'focus', id: 'hz' });
    expect(treeKeyAction(closed, index, 'sc', 'ArrowLeft')).toEqual({ kind: 'none' });
  });

  it('* opens every closed sibling branch; Enter activates, Space toggles', () => {
    expect(treeKeyAction(closed, index, 'zj', '*')).toEqual({ kind: 'expand', ids: ['zj', 'sc'] });
    expect(treeKeyAction(allOpen, index, 'c', 'Enter')).toEqual({ kind: 'activate', id: 'c' });
    expect(treeKeyAction(allOpen, index, 'c', ' ')).toEqual({ kind: 'toggle', id: 'c' });
  });

  it('an unknown active row counts as the first; an empty tree does nothing', () => {
    expect(treeKeyAction(allOpen, index, 'gone', 'ArrowDown')).toEqual({ kind: 'focus', id: 'hz' });
    expect(treeKeyAction([], index, undefined, 'ArrowDown')).toEqual({ kind: 'none' });
  });
});

describe('tree type-ahead', () => {
  it('moves to the next visible row starting with the typed letter, wrapping, case-insensitive', () => {
    expect(typeAheadTarget(allOpen, index, 'zj', 'a')).toBe('a');
    expect(typeAheadTarget(allOpen, index, 'a', 'A')).toBe('c');
    expect(typeAheadTarget(allOpen, index, 'c', 'a')).toBe('a');
  });

  it('a longer prefix narrows the match and may stay on the active row', () => {
    expect(typeAheadTarget(allOpen, index, 'a', 'alp')).toBe('a');
    expect(typeAheadTarget(allOpen, index, 'a', 'alps')).toBe('c');
    expect(typeAheadTarget(allOpen, index, 'zj', '四')).toBe('sc');
  });

  it('a repeated letter cycles like a single one; no match or hidden rows give nothing', () => {
    expect(typeAheadTarget(allOpen, index, 'a', 'aa')).toBe('c');
    expect(typeAheadTarget(allOpen, index, 'a', 'x')).toBeUndefined();
    expect(typeAheadTarget(closed, index, 'zj', 'b')).toBeUndefined();
  });
});
