import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainServer } from "./drain";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

async function slowServer(delayMs: number): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => {
    setTimeout(() => res.end("done"), delayMs);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("draining the server on SIGTERM", () => {
  it("answers the requests in progress, refuses new connections, and resolves once they are done", async () => {
    const { server, port } = await slowServer(300);
    const inFlight = get(port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const drained = drainServer(server, 5000);
    await expect(get(port)).rejects.toThrow(/ECONNREFUSED/);
    expect(await inFlight).toMatchObject({ status: 200, body: "done" });
    await drained;
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("cuts what is still open once the grace period ends", async () => {
    const { server, port } = await slowServer(10_000);
    const inFlight = get(port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await drainServer(server, 200);
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(inFlight).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
