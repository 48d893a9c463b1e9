import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setDatabase, type Database } from "@/lib/db/client";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { dispatchApiRequest } from "../api-dispatch";
import { loadApiRoutes } from "../api-routes";
import { refuseMalformedPath } from "../malformed-path";

/**
 * The app's own API route handlers behind a real HTTP server on a free port, over a test database:
 * what an API-key call to the built app runs, without building it.
 */
export async function startApiServer(database: Database): Promise<{ base: string; close: () => Promise<void> }> {
  setDatabase(database);
  const routes = await loadApiRoutes(path.join(process.cwd(), "app", "api"));
  const server: Server = createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = "203.0.113.9";
    if (refuseMalformedPath(req, res) || dispatchApiRequest(routes, req, res)) return;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      setDatabase(undefined);
    },
  };
}
