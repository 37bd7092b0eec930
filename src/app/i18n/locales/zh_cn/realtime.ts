/** zh_cn, the default language (the spec's UI strings verbatim), namespace realtime: the wall (实时监控) and 实时数据. */
const realtime = {
  'wall.allProjects': '全部项目',
  'wall.total_other': '共{{count}}台设备',
  'wall.noData': '无数据',
  'wall.page': '第 {{p}}/{{n}} 页',
  'wall.prevPage': '上一页',
  'wall.nextPage': '下一页',
  'wall.pageKeys': '← → / PageUp PageDown 翻页',
  'realtimeData.pick': '请在左侧勾选设备',
  'realtimeData.device': '设备',
  'realtimeData.project': '项目',
  'realtimeData.status': '通信状态',
  'realtimeData.time': '数据时间',
  'wall.groupCount': '{{n}} 台',
  'wall.tripLimit': '≥ {{limit}}',
} as const;
export default realtime;
