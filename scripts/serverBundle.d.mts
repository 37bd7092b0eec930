/** The compiled server's path (scripts/serverBundle.mjs). */
export declare const SERVER_BUNDLE: string;
/** Builds dist-server/main.mjs when missing or stale; its path, or null when it cannot be compiled. */
export declare function ensureServerBundle(): Promise<string | null>;
