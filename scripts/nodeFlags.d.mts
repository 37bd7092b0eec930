/** The Node (V8) flags of every Voltguard server process (scripts/nodeFlags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** A server process run from its TypeScript sources (tsx): the flags, then the module to run. */
export declare const SERVER_TSX_ARGV: readonly string[];
