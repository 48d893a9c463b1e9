import net from "node:net";
import os from "node:os";
import { EMBEDDED_PORT } from "../support/fixture-data";
import { expect, test } from "../support/test";

/** An address of this machine other than loopback (what `hostname -I` lists), if it has one. */
function nonLoopbackAddress(): string | undefined {
  const addresses = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  const usable = addresses.filter((address) => !address.internal && !address.address.startsWith("fe80:"));
  return (usable.find((address) => address.family === "IPv4") ?? usable[0])?.address;
}

/** Connects and hangs up: "connected", or the socket error's code (ECONNREFUSED when nothing listens there). */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 5_000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve("timeout");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

test.describe("the bind address", () => {
  const address = nonLoopbackAddress();

  test("the embedded server (demo passwords) answers on loopback only; with DATABASE_URL on every interface", async ({ baseURL }) => {
    test.skip(address === undefined, "this machine has no address but loopback, so there is no other interface to try");
    const port = Number(new URL(baseURL!).port);
    expect(await tryConnect("127.0.0.1", port)).toBe("connected");
    // The embedded server is the `api` project's; `api-postgres` runs against a server with DATABASE_URL.
    expect(await tryConnect(address!, port)).toBe(port === EMBEDDED_PORT ? "ECONNREFUSED" : "connected");
  });
});
