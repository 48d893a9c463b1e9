import { test as base, expect } from "@playwright/test";
import { readFixtures, type Fixtures } from "./fixture-data";

let counter = 0;
/**
 * Random once per worker process, then counted up: addresses never repeat within a worker (a random
 * pick per test did, and met an address whose sign-in limit another test had used up), and a new run
 * starts elsewhere in the range, away from counters the shared Redis store may still hold.
 */
const firstAddress = Math.floor(Math.random() * 65_000);

/** A fresh documentation-range address, so that each test has its own sign-in budget. */
export function uniqueClientIp(): string {
  counter += 1;
  const n = (firstAddress + counter) % 65_000;
  return `198.18.${Math.floor(n / 254)}.${(n % 254) + 1}`;
}

/**
 * The e2e server trusts X-Forwarded-For (TRUST_PROXY=1), so every test gets its own client IP and
 * the login limit of one test never spills into another.
 */
export const test = base.extend<{ fixtures: Fixtures; clientIp: string }>({
  clientIp: async ({}, use) => use(uniqueClientIp()),
  extraHTTPHeaders: async ({ clientIp }, use) => use({ "X-Forwarded-For": clientIp }),
  fixtures: async ({ baseURL }, use) => use(readFixtures(Number(new URL(baseURL!).port))),
});

export { expect };
