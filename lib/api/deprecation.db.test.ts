import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { setDatabase, type Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { apiHandler } from "./handler";
import { defineOperation } from "./operation";

const oldOperation = defineOperation({
  operationId: "oldThing",
  summary: "An operation on its way out",
  tag: "Test",
  method: "GET",
  path: "/api/v2/old-thing",
  category: "default",
  auth: "none",
  response: z.object({ ok: z.boolean() }),
  deprecation: { deprecatedAt: "2026-12-01T00:00:00Z", sunsetAt: "2027-03-01T00:00:00Z", link: "https://example.com/api-changelog#old-thing" },
});

const request = (url: string) => ({ method: "GET", url, headers: { get: () => null }, arrayBuffer: async () => new ArrayBuffer(0) });

describe(`a deprecated operation's answers (${testDriver()})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    setDatabase(database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database.close();
  });

  it("say Deprecation, Sunset and Link on success and on refusal alike", async () => {
    const handler = apiHandler(oldOperation, async () => ({ ok: true }));
    const context = { params: Promise.resolve({}) };
    const expected = {
      Deprecation: "@1796083200",
      Sunset: "Mon, 01 Mar 2027 00:00:00 GMT",
      Link: '<https://example.com/api-changelog#old-thing>; rel="deprecation"',
    };
    const served = await handler.answer(request("http://127.0.0.1/api/v2/old-thing"), context);
    expect(served.status).toBe(200);
    expect(served.headers).toMatchObject(expected);
    const refused = await handler.answer(request("http://127.0.0.1/api/v2/old-thing?colour=blue"), context);
    expect(refused.status).toBe(400);
    expect(refused.headers).toMatchObject(expected);
  });
});
