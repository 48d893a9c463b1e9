import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/**
 * How long a kept connection must have been silent, with no response under way, before a draining
 * server closes it. Closing an idle keep-alive connection always races a client that picks it from
 * its pool for its next request at that very moment: the request is written to a socket the server
 * has just destroyed, and it fails with no answer (the 3 requests a SIGTERM under load dropped, each
 * cut 140-260 ms after it was sent by the close of idle connections every 100 ms). A client under
 * load reuses a connection within milliseconds, and its request is answered with Connection: close;
 * a connection silent for this long belongs to a client that is not sending, so closing it is as
 * safe as closing an idle connection can be, and the drain does not wait out the grace period for it.
 */
const DRAIN_IDLE_MS = 1_000;
const DRAIN_TICK_MS = 100;

interface Connection {
  socket: Socket;
  /** The response being written on it, if any. */
  response: ServerResponse | null;
  /** When it last received a byte or finished a response. */
  activeAt: number;
}

export interface Drainable {
  /**
   * Stops the server the way a rolling restart needs: no new connections; every request in progress
   * answered (an order may have been charged) and every request that still arrives on a kept connection
   * answered too, each response written from now on saying Connection: close; connections silent for
   * DRAIN_IDLE_MS closed; after `graceMs` whatever is still open is cut. Resolves once nothing is open.
   */
  drain(graceMs: number): Promise<void>;
}

/** Follows a server's connections from its start, so that a later drain knows what each is doing. */
export function drainable(server: Server): Drainable {
  const connections = new Set<Connection>();
  const bySocket = new WeakMap<Socket, Connection>();
  let draining = false;

  server.on("connection", (socket: Socket) => {
    const connection: Connection = { socket, response: null, activeAt: Date.now() };
    connections.add(connection);
    bySocket.set(socket, connection);
    socket.on("data", () => (connection.activeAt = Date.now()));
    socket.once("close", () => connections.delete(connection));
  });
  // First, so that the header is there before any handler writes.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const connection = bySocket.get(req.socket);
    if (draining) res.setHeader("Connection", "close");
    if (!connection) return;
    connection.response = res;
    const done = () => {
      if (connection.response === res) connection.response = null;
      connection.activeAt = Date.now();
    };
    res.once("finish", done);
    res.once("close", done);
  });

  return {
    drain(graceMs) {
      draining = true;
      // Responses already under way whose headers are not out yet say it too; one whose headers are out
      // said keep-alive, and the request its client sends next on that connection is answered with it.
      for (const { response } of connections) {
        if (response && !response.headersSent) response.setHeader("Connection", "close");
      }
      // net.Server's close, not http.Server's: that one also closes every idle connection at once, the
      // race above for every kept connection of every client.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      const tick = setInterval(() => {
        const now = Date.now();
        for (const connection of connections) {
          if (!connection.response && now - connection.activeAt >= DRAIN_IDLE_MS) connection.socket.destroy();
        }
      }, DRAIN_TICK_MS);
      const deadline = setTimeout(() => {
        server.closeAllConnections();
        for (const { socket } of connections) socket.destroy();
      }, graceMs);
      return closed.finally(() => {
        clearInterval(tick);
        clearTimeout(deadline);
      });
    },
  };
}
