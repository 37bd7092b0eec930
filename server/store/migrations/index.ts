import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_foundation';
import * as m002 from './002_telemetry';
import * as m003 from './003_system_files';
import * as m004 from './004_ledger_properties';
import * as m005 from './005_report_affirm';
import * as m006 from './006_scale_out';
import * as m007 from './007_history_blocks';
import * as m008 from './008_file_blobs';
import * as m009 from './009_login_security';
import * as m010 from './010_sessions';
import * as m011 from './011_history_tiers_unindexed';
import * as m012 from './012_event_remark_stamp';
import * as m013 from './013_event_escalation';
import * as m014 from './014_notify';
import * as m015 from './015_workorders';
import * as m016 from './016_notify_pacing';
import * as m019 from './019_handover';
import * as m020 from './020_notify_paced_lane';
import * as m021 from './021_notify_due_partial';

/** Versioned migrations, applied in name order; append, never edit a landed one. */
export const migrations = Object.freeze<Record<string, Migration>>({
  '001_foundation': m001,
  '002_telemetry': m002,
  '003_system_files': m003,
  '004_ledger_properties': m004,
  '005_report_affirm': m005,
  '006_scale_out': m006,
  '007_history_blocks': m007,
  '008_file_blobs': m008,
  '009_login_security': m009,
  '010_sessions': m010,
  '011_history_tiers_unindexed': m011,
  '012_event_remark_stamp': m012,
  '013_event_escalation': m013,
  '014_notify': m014,
  '015_workorders': m015,
  '016_notify_pacing': m016,
  '019_handover': m019,
  '020_notify_paced_lane': m020,
  '021_notify_due_partial': m021,
});

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
