import { createServer } from "node:net";

/** A loopback port nobody listens on now, never one of the other e2e servers' fixed ports. */
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
    if (port !== 3100 && port !== 3101) return port;
  }
}
