import { useEffect, useMemo, useState } from 'react';
import { api } from '../../app/api/client';
import { t, useLanguage } from '../../app/i18n/i18n';
import { remoteGroupText } from '../../app/i18n/remoteText';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { Tree } from '../../app/widgets/tree/Tree';
import type { TreeNode } from '../../app/widgets/tree/treeModel';
import { useLoad } from '../../app/widgets/useLoad';
import { ControlPointsPanel } from './ControlPointsPanel';
import { ParamGroupPanel } from './ParamGroupPanel';
import { errorText, listGroups, type ParamGroup } from './remoteApi';
import { useOperationCan } from '../../app/session/useOperationCan';

interface DeviceTreeNode {
  id: number;
  name: string;
  modelLabel: string;
  children?: DeviceTreeNode[];
}

/** Widget ids carry the model label, since a project and a terminal may share a numeric id. */
function toWidgetTree(nodes: readonly DeviceTreeNode[], names: Map<number, string>): TreeNode[] {
  const walk = (n: DeviceTreeNode): TreeNode => {
    if (n.modelLabel === 'terminal') names.set(n.id, n.name);
    return { id: `${n.modelLabel}:${n.id}`, label: n.name, ...(n.children?.length ? { children: n.children.map(walk) } : {}) };
  };
  return nodes.map(walk);
}

/** /remoteSetting: pick a device; read, edit and save its parameter groups; issue its control commands. */
export default function RemoteSettingScreen() {
  useLanguage();
  const can = useOperationCan();
  const tree = useLoad(() => api.get<DeviceTreeNode[]>('/devicedata/api/comm/v1/device/tree'), []);
  const names = useMemo(() => new Map<number, string>(), []);
  const nodes = useMemo(() => toWidgetTree(tree.data ?? [], names), [tree.data, names]);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [groups, setGroups] = useState<ParamGroup[] | null>(null);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [groupError, setGroupError] = useState<string | null>(null);

  useEffect(() => {
    if (deviceId === null) return;
    let live = true;
    setGroups(null);
    setGroupError(null);
    listGroups(deviceId)
      .then((g) => {
        if (!live) return;
        setGroups(g);
        setGroupId(g[0]?.id ?? null);
      })
      .catch((err) => live && setGroupError(errorText(err, t('msg.listFailed'))));
    return () => {
      live = false;
    };
  }, [deviceId]);

  const group = groups?.find((g) => g.id === groupId);
  return (
    <ScreenFrame title={t('route.remoteSetting')} testId="remote-setting">
      <div className="grid min-h-0 flex-1 grid-cols-[18.75rem_minmax(0,1fr)] gap-4">
        <Tree
          load={tree}
          nodes={nodes}
          selectedId={deviceId === null ? undefined : `terminal:${deviceId}`}
          onSelect={(n) => n.id.startsWith('terminal:') && setDeviceId(Number(n.id.slice('terminal:'.length)))}
          defaultExpandDepth={4}
          className="h-[calc(100vh-9.375rem)]"
          testId="remote-tree"
        />
        <div className="flex min-w-0 flex-col gap-3 overflow-auto">
          {deviceId === null ? (
            <p
              className="grid h-48 place-items-center rounded-lg border border-line bg-surface text-sm text-muted"
              data-testid="remote-hint"
            >
              {t('remoteSetting.pickDevice')}
            </p>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2" data-testid="remote-device">
                <span className="mr-2 text-base font-medium">{names.get(deviceId) ?? deviceId}</span>
                {groups?.map((g) => (
                  <button
                    key={g.id}
                    type="button"
                    data-testid={`group-tab-${g.id}`}
                    aria-pressed={g.id === groupId}
                    onClick={() => setGroupId(g.id)}
                    className={`rounded-full border px-3 py-1 text-sm ${g.id === groupId ? 'border-brand bg-brand text-brand-ink' : 'border-line bg-surface text-ink hover:border-brand'}`}
                  >
                    {remoteGroupText(g.id, g.name)}
                  </button>
                ))}
              </div>
              {groupError && (
                <p role="alert" className="rounded border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
                  {groupError}
                </p>
              )}
              {group && (
                <ParamGroupPanel key={`${deviceId}:${group.id}`} deviceId={deviceId} group={group} canUpdate={can('remote_param_update')} />
              )}
              <ControlPointsPanel deviceId={deviceId} canControl={can('remote_control')} />
            </>
          )}
        </div>
      </div>
    </ScreenFrame>
  );
}
