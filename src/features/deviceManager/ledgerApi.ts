import { queryOptions } from '@tanstack/react-query';
import type {
  ChildStatusDto,
  CustomPropertyDto,
  CustomPropertyInput,
  DeleteImpact,
  DeviceAccessSave,
  LedgerLabel,
  LedgerTreeNode,
  NodeListBody,
  NodeRef,
  TerminalRowDto,
  TreeLabel,
} from '../../../domain/schemas/ledger';
import { api } from '../../app/api/client';
import { fetchBlob } from '../../app/api/blob';
import { queryKeys } from '../../app/api/queryKeys';

const W = '/wisdompower/v1';

/** The account/* calls of spec §7 the ledger screen makes. */
export const ledgerApi = {
  tree: () => api.get<LedgerTreeNode[]>(`${W}/account/root/0/tree?containLeaf=true`),
  terminals: (body: NodeListBody) => api.page<TerminalRowDto>(`${W}/account/node/list`, body),
  childStatus: (node: { modelLabel: TreeLabel; id: number }) => api.query<ChildStatusDto[]>(`${W}/account/child/status/list`, node),
  properties: () => api.query<CustomPropertyDto[]>(`${W}/account/node/custom/property/list`, {}),
  saveProperties: (list: CustomPropertyInput[]) => api.post<number[]>(`${W}/account/node/custom/property`, list),
  /** the node's stored row, through the model service's query */
  row: (label: LedgerLabel, id: number) =>
    api.query<Record<string, unknown>[]>('/model/v1/query', { rootLabel: label, rootID: id }).then((rows) => rows[0]),
  saveNode: (node: Record<string, unknown>) =>
    api.post<{ id: number; modelLabel: LedgerLabel }[]>(`${W}/account/node`, [node]).then((r) => r[0]!),
  impact: (nodes: NodeRef[]) =>
    api.post<{ impact: DeleteImpact }>(`${W}/account/delete/node/list`, { nodes, dryRun: true }).then((r) => r.impact),
  deleteNodes: (nodes: NodeRef[], cascade: boolean) => api.post<{ deleted: boolean }>(`${W}/account/delete/node/list`, { nodes, cascade }),
  saveAccess: (body: DeviceAccessSave) => api.post(`${W}/account/device/access`, body),
  accessConfig: () =>
    api.get<{ accessTypes: { id: number; text: string }[]; schemes: { id: number; name: string; accesstype: number; tenantId: number }[] }>(
      `${W}/system/device/access/config`,
    ),
  deviceKey: (deviceId: number) => api.get<{ key: string; header: string; code: string }>(`/devicedata/api/comm/v1/device/${deviceId}/key`),
  exportDevices: (parent: NodeRef | undefined, keyword: string) =>
    fetchBlob(`${W}/account/download/device/excel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ parent, keyword: keyword || undefined }),
    }),
};

/** The ledger screen's reads as cached queries (stale on every ledger hint and ledger write). */
export const ledgerQueries = {
  tree: () => queryOptions({ queryKey: queryKeys.ledger.accountTree(), queryFn: () => ledgerApi.tree() }),
  properties: () => queryOptions({ queryKey: queryKeys.ledger.properties(), queryFn: () => ledgerApi.properties() }),
  terminals: (body: NodeListBody) => queryOptions({ queryKey: queryKeys.ledger.terminals(body), queryFn: () => ledgerApi.terminals(body) }),
  childStatus: (node: { modelLabel: TreeLabel; id: number }) =>
    queryOptions({ queryKey: queryKeys.ledger.childStatus(node), queryFn: () => ledgerApi.childStatus(node) }),
  accessConfig: () => queryOptions({ queryKey: queryKeys.ledger.accessConfig(), queryFn: () => ledgerApi.accessConfig() }),
};
