import { Agent, request as httpRequest } from "node:http";
import { expect, test } from "../support/test";

/** GET over the agent's one connection: the status, the Keep-Alive header, and whether the connection was reused. */
function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<{ status: number; keepAlive: string | undefined; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, keepAlive: res.headers["keep-alive"]?.toString(), reused: req.reusedSocket }));
    });
    req.on("error", reject);
    req.end();
  });
}

test.describe("connections", () => {
  test("an idle keep-alive connection outlives Node's 5 s default, so a pooled client's next call on it is not reset", async ({ baseURL, fixtures }) => {
    test.setTimeout(30_000);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL("/api/v2/balance", baseURL);
    const headers = { "X-API-Key": fixtures.daveCatalogKey };
    try {
      const first = await get(agent, url, headers);
      expect(first).toMatchObject({ status: 200, keepAlive: "timeout=65", reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      expect(await get(agent, url, headers)).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

test.describe("health", () => {
  test("GET /api/health answers a load balancer's probe without a key: the database and the rate-limit store", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    // The Postgres project's server shares its limits through Redis; the embedded one counts them itself.
    const rateLimits = test.info().project.name === "api-postgres" ? "ok" : "in-process";
    expect(await response.json()).toEqual({ status: "ok", stopping: false, database: "ok", rate_limits: rateLimits });
  });
});
