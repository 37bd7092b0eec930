/**
 * The platform's own tenant (root's, created by the first migration): never removed; its settings are
 * every tenant's fallback and its access schemes are shared with every tenant, read-only for project users.
 */
export const PLATFORM_TENANT_ID = 1;
