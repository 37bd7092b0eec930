import type { NamespacePack } from '../zh_cn';

/** English, namespace realtime: the wall (实时监控) and 实时数据. */
const realtime: NamespacePack<'realtime'> = {
  'wall.allProjects': 'All projects',
  'wall.total_one': '{{count}} device',
  'wall.total_other': '{{count}} devices',
  'wall.noData': 'No data',
  'wall.page': 'Page {{p}}/{{n}}',
  'wall.prevPage': 'Previous page',
  'wall.nextPage': 'Next page',
  'wall.pageKeys': '← → / PageUp PageDown to page',
  'realtimeData.pick': 'Check devices in the tree',
  'realtimeData.device': 'Device',
  'realtimeData.project': 'Project',
  'realtimeData.status': 'Communication',
  'realtimeData.time': 'Data time',
  'wall.groupCount': '{{n}} devices',
  'wall.tripLimit': '≥ {{limit}}',
};
export default realtime;
