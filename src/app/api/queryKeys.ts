/**
 * Every cached read of the console, named for what it loads. A key is its family (the first part,
 * what an invalidation aims at) followed by what the read depends on, so a screen's new filter is a
 * new key: the answer of an older filter lands in its own entry and never on what the screen shows.
 */
export const queryKeys = {
  /** the settings in force (signed in) and the platform's before sign-in: the socket's `settings` hint makes them stale */
  settings: {
    all: ['settings'] as const,
    effective: () => ['settings', 'effective'] as const,
    public: () => ['settings', 'public'] as const,
  },
  /** 系统配置's own reads: the tenant's saved settings, and the roles and projects its form offers */
  systemSetting: {
    saved: () => ['systemSetting', 'saved'] as const,
    roles: () => ['systemSetting', 'roles'] as const,
    projects: () => ['systemSetting', 'projects'] as const,
  },
  /** reads of the device ledger: the socket's ledger hints (and this console's ledger writes) make them stale */
  ledger: {
    all: ['ledger'] as const,
    /** GET device/tree: the device tree every screen scopes by (and its projects) */
    deviceTree: () => ['ledger', 'deviceTree'] as const,
    /** the ledger screen's own tree, with every level */
    accountTree: () => ['ledger', 'accountTree'] as const,
    graphTree: () => ['ledger', 'graphTree'] as const,
    reportTree: () => ['ledger', 'reportTree'] as const,
    properties: () => ['ledger', 'properties'] as const,
    terminals: (body: object) => ['ledger', 'terminals', body] as const,
    childStatus: (node: { modelLabel: string; id: number }) => ['ledger', 'childStatus', node] as const,
    accessConfig: () => ['ledger', 'accessConfig'] as const,
    deviceAccess: (body: object) => ['ledger', 'deviceAccess', body] as const,
  },
  /** the auth service's users, roles, groups and tenants */
  directory: {
    all: ['directory'] as const,
    roles: () => ['directory', 'roles'] as const,
    tenants: () => ['directory', 'tenants'] as const,
    groups: () => ['directory', 'groups'] as const,
    users: (query: { roleId?: string; name?: string } = {}) => ['directory', 'users', query] as const,
    platformUsers: () => ['directory', 'platformUsers'] as const,
    platformProjects: () => ['directory', 'platformProjects'] as const,
  },
  notify: {
    all: ['notify'] as const,
    channels: () => ['notify', 'channels'] as const,
    /** the channels the delivery filter offers: none, without a toast, for a user who may not list them */
    channelChoices: () => ['notify', 'channelChoices'] as const,
    rules: () => ['notify', 'rules'] as const,
    ruleChoices: () => ['notify', 'ruleChoices'] as const,
    deliveries: (body: object) => ['notify', 'deliveries', body] as const,
  },
  workOrders: {
    all: ['workOrders'] as const,
    list: (body: object) => ['workOrders', 'list', body] as const,
    detail: (id: number) => ['workOrders', 'detail', id] as const,
    ofEvents: (eventIds: string) => ['workOrders', 'ofEvents', eventIds] as const,
    assignees: (projectId: number) => ['workOrders', 'assignees', projectId] as const,
    assigneeGroups: (projectId: number) => ['workOrders', 'assigneeGroups', projectId] as const,
    figures: (filter: object) => ['workOrders', 'figures', filter] as const,
  },
  handovers: {
    all: ['handovers'] as const,
    list: (body: object) => ['handovers', 'list', body] as const,
    detail: (id: number) => ['handovers', 'detail', id] as const,
    draft: () => ['handovers', 'draft'] as const,
  },
  /** one page of alarm events: filters, scope, page and order */
  eventPage: (page: object) => ['eventPage', page] as const,
  operationLog: (body: object, lang: string) => ['operationLog', body, lang] as const,
  platformOverview: () => ['platformOverview'] as const,
  /** the visible projects with their live alarm counts: read afresh whenever a screen opens */
  stations: () => ['stations'] as const,
  report: (node: object, range: object) => ['report', node, range] as const,
  remote: {
    groups: (deviceId: number) => ['remote', 'groups', deviceId] as const,
    controlPoints: (deviceId: number) => ['remote', 'controlPoints', deviceId] as const,
  },
  monitor: (variant: string, filter: object) => ['monitor', variant, filter] as const,
  bigScreen: () => ['bigScreen'] as const,
  /** a terminal's thresholds in the ledger's threshold dialog (read afresh on every opening) */
  thresholds: (deviceId: number) => ['thresholds', deviceId] as const,
  /** the device dialog's values of one device */
  deviceRealtime: (deviceId: number) => ['deviceRealtime', deviceId] as const,
  /** the user's message log by range, per opening of the message centre (each opening starts at page one) */
  messageLog: (receiver: number, range: object, opening: number) => ['messageLog', receiver, range, opening] as const,
  file: (fileName: string) => ['file', fileName] as const,
  /** reads of the series worker (src/app/trend): a load of series over a range, and a table page of the load in force */
  trend: {
    series: (series: string, from: number, to: number) => ['trend', 'series', series, from, to] as const,
    rows: (loadedAt: number, index: number, limit: number) => ['trend', 'rows', loadedAt, index, limit] as const,
  },
};
