import { createServer } from "node:net";

/** The fixed ports of the Playwright suites' servers (e2e/support/fixture-data.ts), never handed out here. */
const E2E_SERVER_PORTS = new Set([3100, 3101]);

/** A loopback port nothing listens on right now, for a server a test or the benchmark starts. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        const found = typeof address === "object" && address ? address.port : 0;
        server.close(() => resolve(found));
      });
    });
    if (!E2E_SERVER_PORTS.has(port)) return port;
  }
}
