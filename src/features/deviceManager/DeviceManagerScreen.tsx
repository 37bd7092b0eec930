import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CHILD_LABELS, type LedgerLabel, type NodeRef, type PropertyObject, type TerminalRowDto } from '../../../domain/schemas/ledger';
import { directoryQueries } from '../../app/api/directory';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button } from '../../app/ui/Modal';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { Tree } from '../../app/widgets/tree/Tree';
import type { TreeNode } from '../../app/widgets/tree/treeModel';
import { useSession } from '../../app/session/SessionContext';
import { AccessDialog } from './AccessDialog';
import { ChildStatusTable } from './ChildStatusTable';
import { DeleteNodeDialog } from './DeleteNodeDialog';
import { DeviceKeyDialog } from './DeviceKeyDialog';
import { DeviceTable } from './DeviceTable';
import { ledgerApi, ledgerQueries } from './ledgerApi';
import { levelText, parseKey, toWidgetTree, words } from './ledgerText';
import { NodeFormDialog, type NodeEdit } from './NodeFormDialog';
import { PropertyDialog } from './PropertyDialog';
import { ThresholdDialog } from './ThresholdDialog';
import { useCan } from './useCan';

type Selected = NodeRef & { name: string };

/** /deviceManager: the device ledger tree, node editing at every level, the device table and its tools. */
export default function DeviceManagerScreen() {
  useLanguage();
  const { can, canLevel } = useCan();
  const { user } = useSession();
  const tree = useQuery(ledgerQueries.tree());
  const props = useQuery(ledgerQueries.properties());
  const tenants = useQuery(directoryQueries.tenants());
  const nodes = useMemo(() => toWidgetTree(tree.data ?? []), [tree.data]);
  const [selected, setSelected] = useState<Selected | undefined>();
  const [tab, setTab] = useState<'devices' | 'status'>('devices');
  const [edit, setEdit] = useState<NodeEdit | null>(null);
  const [deleting, setDeleting] = useState<Selected | null>(null);
  const [propLevel, setPropLevel] = useState<PropertyObject | null>(null);
  const [thresholdOf, setThresholdOf] = useState<TerminalRowDto | null>(null);
  const [accessOf, setAccessOf] = useState<TerminalRowDto | null>(null);
  const [keyOf, setKeyOf] = useState<TerminalRowDto | null>(null);
  // a ledger write: every ledger read (this tree and tables, other screens' trees) is stale
  const invalidate = useInvalidate();
  const refresh = () => invalidate(queryKeys.ledger.all);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const closeThreshold = useCallback(() => setThresholdOf(null), []);
  const closeKey = useCallback(() => setKeyOf(null), []);

  const select = (n: TreeNode) => setSelected({ ...parseKey(n.id), name: n.label });
  const childLabels = CHILD_LABELS[selected?.modelLabel ?? 'root'].filter((l) => canLevel(l, 'create'));
  const openEdit = async (label: LedgerLabel, id: number) => {
    const row = await ledgerApi.row(label, id).catch(() => undefined);
    if (row) setEdit({ label, id, row });
  };
  const projectId = selected?.modelLabel === 'project' ? selected.id : undefined;
  const mayManageDevice = can('device_update');

  return (
    <ScreenFrame title={t('route.deviceManager')} testId="device-manager">
      <div className="flex min-h-0 flex-1 gap-3">
        <aside className="flex w-80 shrink-0 flex-col rounded-lg border border-line bg-surface p-3">
          <div className="mb-2 flex items-center justify-between">
            <h2 className="text-sm font-semibold">{t('ledger.tree')}</h2>
            {user && canLevel('province', 'create') && (
              <Button onClick={() => setEdit({ label: 'province' })}>{t('ledger.newProvince')}</Button>
            )}
          </div>
          <Tree
            load={tree}
            nodes={nodes}
            label={t('ledger.tree')}
            selectedId={selected ? `${selected.modelLabel}:${selected.id}` : undefined}
            onSelect={select}
            defaultExpandDepth={3}
            className="min-h-0 flex-1"
            testId="ledger-tree"
          />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface p-3" data-testid="node-panel">
            {selected ? (
              <>
                <span className="rounded bg-brand/15 px-2 py-0.5 text-xs text-brand">{levelText(selected.modelLabel)}</span>
                <span className="mr-3 font-semibold" data-testid="selected-node">
                  {selected.name}
                </span>
                {childLabels.map((l) => (
                  <Button key={l} kind="primary" onClick={() => setEdit({ label: l, parentId: selected.id })}>
                    {words(t('ledger.newChild'), levelText(l))}
                  </Button>
                ))}
                {canLevel(selected.modelLabel, 'update') && (
                  <Button onClick={() => void openEdit(selected.modelLabel, selected.id)}>{t('ledger.editNode')}</Button>
                )}
                {canLevel(selected.modelLabel, 'delete') && (
                  <Button kind="danger" onClick={() => setDeleting(selected)}>
                    {t('ledger.deleteNode')}
                  </Button>
                )}
              </>
            ) : (
              <span className="text-sm text-muted">{t('ledger.selectNode')}</span>
            )}
            {can('property_create property_update') && (
              <span className="ml-auto flex gap-2">
                <Button onClick={() => setPropLevel('project')}>{`${t('ledger.customColumns')}·${levelText('project')}`}</Button>
                <Button onClick={() => setPropLevel('terminal')}>{`${t('ledger.customColumns')}·${levelText('terminal')}`}</Button>
              </span>
            )}
          </div>
          <div className="flex gap-1 border-b border-line" role="tablist">
            {(['devices', 'status'] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
                onClick={() => setTab(k)}
                className={`-mb-px border-b-2 px-4 py-1.5 text-sm ${tab === k ? 'border-brand text-brand' : 'border-transparent text-muted hover:text-ink'}`}
              >
                {t(k === 'devices' ? 'ledger.tabDevices' : 'ledger.tabStatus')}
              </button>
            ))}
          </div>
          {tab === 'devices' ? (
            <DeviceTable
              parent={selected}
              props={props.data ?? []}
              onCreate={
                projectId !== undefined && can('device_create') ? () => setEdit({ label: 'terminal', parentId: projectId }) : undefined
              }
              onEdit={
                can('device_update')
                  ? (r) => setEdit({ label: 'terminal', id: r.id, row: r as unknown as Record<string, unknown> })
                  : undefined
              }
              onDelete={
                can('device_delete')
                  ? async (rows) => {
                      await ledgerApi.deleteNodes(
                        rows.map((r) => ({ modelLabel: 'terminal' as const, id: r.id })),
                        false,
                      );
                      refresh();
                    }
                  : undefined
              }
              rowActions={[
                ...(mayManageDevice
                  ? [
                      { label: t('ledger.thresholds'), run: setThresholdOf },
                      { label: t('ledger.access'), run: setAccessOf },
                      { label: t('ledger.deviceKey'), run: setKeyOf },
                    ]
                  : []),
              ]}
            />
          ) : (
            <ChildStatusTable node={selected ?? { modelLabel: 'root', id: 0 }} />
          )}
        </div>
      </div>
      <NodeFormDialog
        edit={edit}
        props={props.data ?? []}
        tenants={tenants.data ?? []}
        onClose={() => setEdit(null)}
        onSaved={() => (setEdit(null), refresh())}
      />
      <DeleteNodeDialog node={deleting} onClose={closeDelete} onDeleted={() => (setDeleting(null), setSelected(undefined), refresh())} />
      <PropertyDialog
        level={propLevel}
        props={props.data ?? []}
        onClose={() => setPropLevel(null)}
        onSaved={() => (setPropLevel(null), refresh())}
      />
      <ThresholdDialog device={thresholdOf} onClose={closeThreshold} />
      <AccessDialog device={accessOf} onClose={() => setAccessOf(null)} onSaved={() => (setAccessOf(null), refresh())} />
      <DeviceKeyDialog device={keyOf} onClose={closeKey} />
    </ScreenFrame>
  );
}
