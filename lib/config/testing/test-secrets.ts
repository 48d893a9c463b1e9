/**
 * The secrets every test process signs and encrypts with: a start with DATABASE_URL requires both, and
 * the processes of one test (its server, worker, command line and the test itself) must share them.
 */
export const TEST_SECRETS = {
  AUTH_SECRET: "test-auth-secret-of-the-suites-0000000000000",
  ENCRYPTION_KEY: "5e".repeat(32),
} as const;
