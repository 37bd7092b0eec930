// Passwords of the e2e server's first start (it runs on a throwaway data dir).
export const E2E_PASSWORDS = { root: 'E2e#Root2026', demo: 'E2e#Demo2026' };
