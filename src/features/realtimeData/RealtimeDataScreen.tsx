import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Tree } from '../../app/widgets/tree/Tree';
import type { TreeNode } from '../../app/widgets/tree/treeModel';
import { checkedTerminals, deviceTreeQuery, toTreeWidgets } from '../../app/liveDevices/deviceTree';
import { useDeviceTiles } from '../../app/liveDevices/useDeviceTiles';
import { useOptionalRealtime } from '../../app/realtime/RealtimeContext';
import { RealtimeDataTable } from './RealtimeDataTable';

const NO_NODES: TreeNode[] = [];

/** /realtimeData: check devices in the tree; their live values fill the table as they arrive. */
export default function RealtimeDataScreen() {
  useLanguage();
  const tree = useQuery({ ...deviceTreeQuery, select: toTreeWidgets });
  const nodes = tree.data ?? NO_NODES;
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const realtime = useOptionalRealtime();
  const onOpen = useCallback((id: number) => realtime?.openDevice(id), [realtime]);
  const deviceIds = useMemo(() => checkedTerminals(checked), [checked]);
  // All visible devices are loaded once; the table shows the checked ones, whose values alone are pushed.
  const shown = useMemo(() => ({ deviceIds }), [deviceIds]);
  const { tiles } = useDeviceTiles(null, shown);
  const rows = useMemo(() => deviceIds.map((id) => tiles.get(id)).filter((x) => x !== undefined), [deviceIds, tiles]);

  return (
    <div className="flex h-full gap-3 p-4">
      <aside className="flex w-72 shrink-0 flex-col rounded border border-line bg-surface p-2">
        <Tree
          nodes={nodes}
          checkable
          checked={checked}
          onCheckedChange={setChecked}
          defaultExpandDepth={4}
          testId="realtime-tree"
          className="min-h-0 flex-1"
        />
      </aside>
      <section className="flex min-w-0 flex-1 flex-col">
        {rows.length === 0 ? (
          <div
            className="flex flex-1 items-center justify-center rounded border border-dashed border-line text-muted"
            data-testid="realtime-empty"
          >
            {t('realtimeData.pick')}
          </div>
        ) : (
          <RealtimeDataTable tiles={rows} onOpen={onOpen} />
        )}
      </section>
    </div>
  );
}
