import type { NamespacePack } from '../zh_cn';

/** English, namespace history: 历史数据, and the trend chart a work order shows too. */
const history: NamespacePack<'history'> = {
  'trend.limit': 'Limits',
  'trend.extremes': 'Extremes',
  'trend.diff': 'Difference',
  'trend.avg': 'Average',
  'trend.points': 'Show points',
  'trend.rawMarks': 'Raw marks',
  'trend.curve': 'Curve',
  'trend.table': 'Table',
  'trend.view': 'View',
  'trend.max': 'Max',
  'trend.min': 'Min',
  'trend.upper': 'Upper',
  'trend.lower': 'Lower',
  'trend.noData': 'No data available',
  'trend.loading': 'Loading…',
  'trend.zoomHint': 'Drag to zoom (at least 1 hour), double-click to reset',
  'trend.resetZoom': 'Reset',
  'trend.reduced_one': '{{count, number}} point, min and max kept per pixel',
  'trend.reduced_other': '{{count, number}} points, min and max kept per pixel',
  'trend.points.count_one': '{{count, number}} point',
  'trend.points.count_other': '{{count, number}} points',
  'history.measures': 'Measures',
  'history.export': 'Export',
  'history.diffValue': 'Difference values',
  'history.pickDevice': 'Select devices on the left',
  'history.pickMeasure': 'Select measures',
  'history.tooMany': 'At most {{n}} curves at once; the first {{n}} are shown',
};
export default history;
