import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../app/api/queryKeys';
import { deviceTreeQuery } from '../../app/liveDevices/deviceTree';
import { t, useLanguage } from '../../app/i18n/i18n';
import { remoteGroupText } from '../../app/i18n/remoteText';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { TreeSideLayout } from '../../app/widgets/tree/TreeSideLayout';
import { ControlPointsPanel } from './ControlPointsPanel';
import { ParamGroupPanel } from './ParamGroupPanel';
import { errorText, listGroups } from './remoteApi';
import { toWidgetTree } from '../historyData/historyModel';
import { useOperationCan } from '../../app/session/useOperationCan';

/** /remoteSetting: pick a device; read, edit and save its parameter groups; issue its control commands. */
export default function RemoteSettingScreen() {
  useLanguage();
  const can = useOperationCan();
  const tree = useQuery(deviceTreeQuery);
  const names = useMemo(() => new Map<number, string>(), []);
  const nodes = useMemo(() => toWidgetTree(tree.data ?? [], names), [tree.data, names]);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const groupRead = useQuery({
    queryKey: queryKeys.remote.groups(deviceId ?? 0),
    queryFn: () => listGroups(deviceId!),
    enabled: deviceId !== null,
    // another device's groups never stand in while this one's are read
    placeholderData: undefined,
  });
  const groups = groupRead.data;
  const groupError = groupRead.error ? errorText(groupRead.error, t('msg.listFailed')) : null;
  // the group picked on this device; a newly picked device opens on its first group
  const [picked, setPicked] = useState<{ deviceId: number; groupId: number } | null>(null);
  const groupId = picked && picked.deviceId === deviceId ? picked.groupId : (groups?.[0]?.id ?? null);
  const setGroupId = (id: number) => deviceId !== null && setPicked({ deviceId, groupId: id });

  const group = groups?.find((g) => g.id === groupId);
  return (
    <ScreenFrame title={t('route.remoteSetting')} testId="remote-setting">
      <TreeSideLayout
        tree={{
          load: tree,
          nodes,
          selectedId: deviceId === null ? undefined : `terminal:${deviceId}`,
          onSelect: (n) => n.id.startsWith('terminal:') && setDeviceId(Number(n.id.slice('terminal:'.length))),
          testId: 'remote-tree',
        }}
      >
        {deviceId === null ? (
          <p className="grid h-48 place-items-center rounded-lg border border-line bg-surface text-sm text-muted" data-testid="remote-hint">
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
            <ControlPointsPanel key={deviceId} deviceId={deviceId} canControl={can('remote_control')} />
          </>
        )}
      </TreeSideLayout>
    </ScreenFrame>
  );
}
