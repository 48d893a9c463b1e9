import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";

/*
 * postgres.js as installed is patched (patches/postgres+3.4.9.patch): a connection whose socket closed
 * while it started (before the server's first answer) connected again at once. Against a server that
 * accepts and closes every connection (a proxy or balancer with no database behind it) that was
 * hundreds of connections a second and a core kept busy for as long as the process lived, and the
 * query that waited for the connection never settled.
 */
describe("a server that closes every connection as it starts", () => {
  let server: Server;
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("is tried again after growing pauses, and the waiting query is refused after connect_timeout", async () => {
    let accepted = 0;
    server = createServer((socket) => {
      accepted++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const client = postgres(`postgres://postgres@127.0.0.1:${port}/closing`, { max: 1, onnotice: () => {}, connect_timeout: 1 });
    const cpu = process.cpuUsage();
    const started = Date.now();
    try {
      const outcome = await Promise.race([
        client`select 1`.then(
          () => "answered",
          (error: { code?: string }) => error.code,
        ),
        new Promise((resolve) => setTimeout(resolve, 3_000, "still waiting")),
      ]);
      expect(outcome).toBe("CONNECTION_CLOSED");
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(accepted).toBeLessThan(20);
      const used = process.cpuUsage(cpu);
      expect((used.user + used.system) / 1_000).toBeLessThan(500);
    } finally {
      await client.end({ timeout: 0 });
    }
  });
});
