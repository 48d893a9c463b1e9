import type { Server } from "node:http";

/**
 * Stops a server the way a rolling restart needs: no new connections, every request already in
 * progress answered (an order may have been charged), keep-alive connections closed as soon as they
 * are idle, and after `graceMs` whatever is still open is cut. Resolves once nothing is open.
 */
export function drainServer(server: Server, graceMs: number): Promise<void> {
  // A response written from now on tells its client not to send another on this connection.
  server.prependListener("request", (_req, res) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  });
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  return closed.finally(() => {
    clearInterval(idle);
    clearTimeout(deadline);
  });
}
