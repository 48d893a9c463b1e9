import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO } from "@/lib/seed/demo-seed";
import { EMBEDDED_PORT, POSTGRES_PORT, readFixtures, serverLogFor, type Fixtures, type ResellerFixture } from "../support/fixture-data";
import { expect, test } from "../support/test";

/**
 * Runs after every other project of the run (playwright.config.ts, `logs`): what the servers wrote
 * while the whole suite used them holds no API key, no delivered code, no webhook secret and no
 * webhook body. The last two are made here, through a delivery that signs with a fresh secret, so
 * that the log is searched for values that certainly went through the server.
 */
const servers = [EMBEDDED_PORT, POSTGRES_PORT].filter((port) => existsSync(serverLogFor(port)));

let receiver: Server;
const received: string[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push(body);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise((resolve) => receiver.close(resolve)));

function apiKeysOf(fixtures: Fixtures): string[] {
  const resellers = Object.values(fixtures).filter((value): value is ResellerFixture => typeof value === "object" && value !== null && "apiKey" in value);
  return [
    DEMO.apiKey,
    ...resellers.map((reseller) => reseller.apiKey),
    fixtures.daveCatalogKey,
    fixtures.daveSecondKey,
    fixtures.rateLimitKey,
    fixtures.revokedKey,
    fixtures.allowlistedKey,
    ...fixtures.matrixKeys,
  ];
}

for (const port of servers) {
  test(`the log of the server on port ${port} holds no key, delivered code, webhook secret or webhook body`, async ({ request }) => {
    const base = `http://127.0.0.1:${port}`;
    const fixtures = readFixtures(port);
    const headers = { "X-API-Key": fixtures.grace.apiKey };

    await request.put(`${base}/api/v2/account/webhook`, {
      headers,
      data: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, enabled: true },
    });
    const rotated = await request.post(`${base}/api/v2/account/webhook/secret/regenerate`, { headers });
    expect(rotated.status()).toBe(200);
    const { secret } = (await rotated.json()) as { secret: string };
    const before = received.length;
    expect((await request.post(`${base}/api/v2/account/webhook/test`, { headers })).status()).toBeLessThan(300);
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(before);
    const webhookBody = received.at(-1)!;

    const codes: string[] = [];
    for (const reseller of [fixtures.dave, fixtures.alice, fixtures.erin]) {
      const page = (await (await request.get(`${base}/api/v2/orders?limit=100`, { headers: { "X-API-Key": reseller.apiKey } })).json()) as {
        data: { delivery: { items: { code: string | null }[] } | null }[];
      };
      for (const order of page.data) for (const item of order.delivery?.items ?? []) if (item.code) codes.push(item.code);
    }
    expect(codes.length).toBeGreaterThan(0);

    // The log file is written as the server prints: a moment for the delivery's own lines.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const log = readFileSync(serverLogFor(port), "utf8");
    expect(log.length).toBeGreaterThan(0);
    expect(log).toMatch(/"component":"access"/);
    const found = [
      ...apiKeysOf(fixtures).map((key) => ["an API key", key]),
      ...codes.map((code) => ["a delivered code", code]),
      ["the webhook secret", secret],
      ["a webhook body", webhookBody],
    ].filter(([, value]) => log.includes(value));
    expect(found.map(([what, value]) => `${what}: ${value.slice(0, 12)}...`)).toEqual([]);
  });
}
