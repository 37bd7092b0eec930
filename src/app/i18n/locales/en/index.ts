import type { Namespace } from '../../namespaces';
import type { LanguagePack } from '../zh_cn';
import common from './common';
import monitor from './monitor';
import realtime from './realtime';
import history from './history';
import alarms from './alarms';
import notify from './notify';
import workorders from './workorders';
import reports from './reports';
import ledger from './ledger';
import users from './users';
import system from './system';
import platform from './platform';

/** The English pack whole, namespace by namespace, for the unit tests (the console loads each namespace on its own). */
export const enNamespaces: Record<Namespace, Record<string, string>> = {
  common,
  monitor,
  realtime,
  history,
  alarms,
  notify,
  workorders,
  reports,
  ledger,
  users,
  system,
  platform,
};
const en = Object.assign({}, ...Object.values(enNamespaces)) as LanguagePack;
export default en;
