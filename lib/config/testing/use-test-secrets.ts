// Every vitest worker, and each process a test starts from it, signs and encrypts with the suites' secrets.
import { TEST_SECRETS } from "./test-secrets";

Object.assign(process.env, TEST_SECRETS);
