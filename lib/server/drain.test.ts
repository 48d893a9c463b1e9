import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainable, type Drainable } from "./drain";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function serverAnsweringIn(delayMs: () => number): Promise<{ server: Server; port: number; drainer: Drainable }> {
  const server = createServer((_req, res) => {
    setTimeout(() => {
      // When the answer was written, on the test's own clock: a busy machine may read it much later.
      res.setHeader("x-ended-at", String(Date.now()));
      res.end("done");
    }, delayMs());
  });
  const drainer = drainable(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, drainer };
}

interface Answer {
  status: number;
  body: string;
  connection: string | undefined;
  endedAt: number;
}

function get(port: number, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection, endedAt: Number(res.headers["x-ended-at"]) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("draining the server on SIGTERM", () => {
  it("answers the requests in progress, refuses new connections, and resolves once they are done", async () => {
    const { port, drainer } = await serverAnsweringIn(() => 300);
    const inFlight = get(port);
    await sleep(50);
    const started = Date.now();
    const drained = drainer.drain(5000);
    await expect(get(port)).rejects.toThrow(/ECONNREFUSED/);
    expect(await inFlight).toMatchObject({ status: 200, body: "done", connection: "close" });
    await drained;
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("cuts what is still open once the grace period ends", async () => {
    const { port, drainer } = await serverAnsweringIn(() => 10_000);
    const inFlight = get(port);
    await sleep(50);
    const started = Date.now();
    await drainer.drain(200);
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(inFlight).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it("answers every request sent on a kept connection under load, each answered after the drain began with Connection: close", async () => {
    const { port, drainer } = await serverAnsweringIn(() => Math.random() * 20);
    const agents = Array.from({ length: 4 }, () => new Agent({ keepAlive: true, maxSockets: 4 }));
    const dropped: string[] = [];
    const answeredAfterDrain: Answer[] = [];
    let drainAt = Infinity;
    let sending = true;
    async function client(agent: Agent) {
      while (sending) {
        const sentAt = Date.now();
        try {
          const answer = await get(port, agent);
          if (answer.endedAt >= drainAt) answeredAfterDrain.push(answer);
          // A pause, so that its connection waits in the agent's pool before it is picked again.
          await sleep(Math.random() * 150);
        } catch (error) {
          // A new connection refused was never sent: a load balancer sends it to another instance.
          const code = (error as NodeJS.ErrnoException).code;
          if (code === "ECONNREFUSED") await sleep(5);
          else dropped.push(`${code ?? (error as Error).message} ${Date.now() - sentAt} ms after it was sent`);
        }
      }
    }
    const clients = agents.flatMap((agent) => Array.from({ length: 4 }, () => client(agent)));
    await sleep(300);
    drainAt = Date.now();
    const drained = drainer.drain(5_000);
    await sleep(1_500);
    sending = false;
    await Promise.all(clients);
    await drained;
    agents.forEach((agent) => agent.destroy());
    expect(dropped).toEqual([]);
    expect(answeredAfterDrain.length).toBeGreaterThan(0);
    expect(answeredAfterDrain.filter((answer) => answer.connection !== "close")).toEqual([]);
  });
});
