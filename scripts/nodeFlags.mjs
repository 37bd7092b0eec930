/**
 * The Node (V8) flags of every Voltguard server process: `npm start` (package.json spells them out;
 * tests/unit/nodeFlags.test.ts holds the two together), the cluster's instances
 * (scripts/instanceProcess.ts), the suite's server processes (tests/server/serverProcess.ts) and the
 * benches' servers (bench/run.ts, and the servers a bench forks), so a bench measures the server as
 * production runs it.
 *
 * --max-semi-space-size=32: V8's young generation may grow to 32 MB a semi-space (Node 20's default
 * is 16). Ingest allocates a few short-lived objects per reading (the parsed batch, the checked readings,
 * episodes, domain events): at 200,000 readings a second the default young generation filled and was
 * scavenged on the event loop many times a second. bench/ingest.ts's alarming set on one quiet machine,
 * four runs each: 176,070–195,602 readings/s (0.55–0.60 × the hand-written loader in the same process)
 * with the default, 193,761–208,007 (0.57–0.67 ×) with 32 MB; 64 MB gave no more (204–206k). The space
 * grows only as the allocation rate asks for it: an idle server keeps the default's.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/** A server process run from its TypeScript sources (tsx): these flags, then the module to run. */
export const SERVER_TSX_ARGV = [...SERVER_NODE_FLAGS, '--import', 'tsx'];
