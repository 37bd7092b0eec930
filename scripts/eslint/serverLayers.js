/**
 * The server's layers (docs/architecture.md), bottom first: a folder of server/ (or a file at its top)
 * may import only folders of an earlier row. Rows, not a free graph, so two folders can never import
 * each other, directly or through others, and a new import that runs up names the row to move to.
 */
import path from 'node:path';

const SERVER_LAYERS = [
  // foundation: words and languages, the error registry, the store
  ['text', 'shutdown', 'startupFaults'],
  ['errors'],
  ['store'],
  // infrastructure every service uses: the HTTP plumbing, the domain event log, the periodic-jobs holder
  ['http', 'eventLog', 'jobs'],
  // domain services: devices, series storage, settings, alarms, telemetry (ingest and realtime)
  ['devices', 'series', 'settings'],
  ['alarms'],
  ['telemetry'],
  // access: who is asking (auth), what they may see and do (access)
  ['auth'],
  ['access'],
  // services with their routes
  [
    'oplog',
    'seed',
    'ops',
    'cluster',
    'devicedata',
    'escalation',
    'events',
    'files',
    'handover',
    'history',
    'model',
    'monitor',
    'mqtt',
    'notify',
    'platform',
    'realtime',
    'remote',
    'thresholds',
  ],
  ['ledger', 'earlyWarning', 'messages', 'simulator', 'system', 'workorder'],
  ['accounts', 'report'],
  // the app and the process
  ['app'],
  ['main'],
];

const rowOf = new Map(SERVER_LAYERS.flatMap((row, i) => row.map((name) => [name, i])));

/** The folder of server/ a path lies in, or the file's name for files at server/'s top. */
function unitOf(serverDir, file) {
  const rel = path.relative(serverDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length ? first : first.replace(/\.[cm]?[jt]sx?$/, '');
}

/** @type {import('eslint').Rule.RuleModule} */
const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'server folders import only folders of a lower layer (docs/architecture.md)' },
    schema: [],
    messages: {
      up: 'server/{{from}} (layer row {{fromRow}}) must not import server/{{to}} (row {{toRow}}): imports point down the layers. Move the shared part down, or move server/{{from}} up in scripts/eslint/serverLayers.js.',
      unknown: 'server/{{name}} is in no layer: add it to a row of scripts/eslint/serverLayers.js.',
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const serverDir = path.join(context.cwd, 'server');
    const from = unitOf(serverDir, file);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = unitOf(serverDir, path.resolve(path.dirname(file), source));
      if (!to || to === from) return;
      for (const name of [from, to]) if (!rowOf.has(name)) return context.report({ node, messageId: 'unknown', data: { name } });
      const fromRow = rowOf.get(from);
      const toRow = rowOf.get(to);
      if (toRow >= fromRow) context.report({ node, messageId: 'up', data: { from, to, fromRow, toRow } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'server-layers': serverLayers } };
