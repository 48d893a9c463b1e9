import { readFileSync } from "node:fs";
import { EMBEDDED_PORT } from "../support/fixture-data";
import { expect, test } from "../support/test";

const LISTEN = "0A";

/**
 * The local addresses the kernel has a listening TCP socket on for `port`, read from /proc/net/tcp
 * and tcp6, so the bind address is checked without sending anything to an address but loopback
 * (this workplace allows no other). IPv4 addresses are kept in the kernel's byte order there.
 */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const [file, v6] of [
    ["/proc/net/tcp", false],
    ["/proc/net/tcp6", true],
  ] as const) {
    let table: string;
    try {
      table = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of table.split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== LISTEN || !local) continue;
      const [hexAddress, hexPort] = local.split(":");
      if (parseInt(hexPort, 16) !== port) continue;
      found.push(
        v6
          ? /^0+$/.test(hexAddress)
            ? "::"
            : hexAddress
          : (hexAddress.match(/../g) ?? [])
              .reverse()
              .map((byte) => parseInt(byte, 16))
              .join("."),
      );
    }
  }
  return found;
}

test.describe("the bind address", () => {
  test("the embedded server (demo passwords) listens on loopback only; with DATABASE_URL on every interface", async ({ baseURL, request }) => {
    const port = Number(new URL(baseURL!).port);
    expect((await request.get("/api/health")).status()).toBe(200);
    // The embedded server is the `api` project's; `api-postgres` runs against a server with DATABASE_URL.
    const expected = port === EMBEDDED_PORT ? ["127.0.0.1"] : expect.arrayContaining([expect.stringMatching(/^(0\.0\.0\.0|::)$/)]);
    expect(listeningAddresses(port)).toEqual(expected);
  });
});
