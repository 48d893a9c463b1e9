import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/manage-keys";
import { API_SCOPES, type ApiScope } from "@/lib/api-keys/scopes";
import { setDatabase, type Database } from "@/lib/db/client";
import { createTestDatabase, testDriver } from "@/lib/db/testing/test-database";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { resellerWithBalance } from "@/lib/orders/testing/helpers";
import { dispatchApiRequest } from "@/lib/server/api-dispatch";
import { loadApiRoutes } from "@/lib/server/api-routes";
import { refuseMalformedPath } from "@/lib/server/malformed-path";
import { ensureTariffs } from "@/lib/tariffs/ensure-tariffs";
import { operations } from "./operations";

/** Any id will do: the scope is checked before the path is read. */
const withIds = (apiPath: string) => apiPath.replace(/\{\w+\}/g, "ord_01JD8X3Q5N7R9T1V3W5Y7Z9B1C");

/** Every path of every operation that takes a key: the v2 path and its reseller-API twin. */
const calls = operations
  .filter((operation) => operation.auth === "reseller")
  .flatMap((operation) =>
    [operation.path, operation.resellerPath].filter((p): p is string => Boolean(p)).map((apiPath) => ({ operation, apiPath, scope: operation.scope! })),
  );

describe(`scoped API keys on every operation of both surfaces (${testDriver()})`, () => {
  let database: Database;
  let server: Server;
  let base: string;
  /** Per scope: a key with every scope but it, and a key with it alone. */
  const without = new Map<ApiScope, string>();
  const only = new Map<ApiScope, string>();

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureTariffs(database.db);
    setDatabase(database);
    for (const scope of API_SCOPES) {
      // One account per scope, so that the calls with a scope spend one account's budgets, not one shared.
      const reseller = await resellerWithBalance(database.db, 0n);
      const others = API_SCOPES.filter((s) => s !== scope);
      without.set(scope, (await createApiKey(database.db, { userId: reseller.id, name: `without ${scope}`, scopes: others })).key);
      only.set(scope, (await createApiKey(database.db, { userId: reseller.id, name: `only ${scope}`, scopes: [scope] })).key);
    }
    const routes = await loadApiRoutes(path.join(process.cwd(), "app", "api"));
    server = createServer((req, res) => {
      req.headers[CLIENT_IP_HEADER] = "203.0.113.9";
      if (refuseMalformedPath(req, res) || dispatchApiRequest(routes, req, res)) return;
      res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    setDatabase(undefined);
    await database.close();
  });

  const call = (method: string, apiPath: string, key: string) =>
    fetch(`${base}${withIds(apiPath)}`, {
      method,
      headers: { "X-API-Key": key, ...(method === "GET" ? {} : { "Content-Type": "application/json" }) },
      body: method === "GET" ? undefined : "{}",
    });

  it("names a scope for every operation that takes a key", () => {
    expect(calls.length).toBeGreaterThan(60);
    for (const { operation, scope } of calls) expect(API_SCOPES, operation.operationId).toContain(scope);
  });

  it.each(calls.map((c) => [`${c.operation.method} ${c.apiPath} (${c.scope})`, c] as const))(
    "%s: 403 naming the scope without it, past the check with it",
    async (_name, { operation, apiPath, scope }) => {
      const refused = await call(operation.method, apiPath, without.get(scope)!);
      expect(refused.status).toBe(403);
      const { error } = await refused.json();
      expect(error).toMatchObject({ code: "forbidden", details: { scope } });
      expect(error.message).toContain(scope);
      // A refusal spends nothing, and shows the key's budget as it stands.
      expect(refused.headers.get("x-ratelimit-remaining")).toBe(refused.headers.get("x-ratelimit-limit"));

      const admitted = await call(operation.method, apiPath, only.get(scope)!);
      const body = admitted.status === 204 ? null : await admitted.json();
      expect(admitted.status === 403 && body?.error?.code === "forbidden", `${apiPath}: ${JSON.stringify(body)}`).toBe(false);
      expect(admitted.status).not.toBe(401);
    },
  );
});
