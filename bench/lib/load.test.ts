import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pacedLatency } from "./load";

let server: http.Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server that answers at once, except that answers to requests arriving while `slow()` holds wait `delayMs`. */
async function listen(slow: () => boolean, delayMs: number): Promise<string> {
  server = http.createServer((_req, res) => {
    if (slow()) setTimeout(() => res.end("{}"), delayMs);
    else res.end("{}");
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
}

describe("pacedLatency", () => {
  it("sends the scheduled number of requests over the fixed connections", async () => {
    const url = await listen(() => false, 0);
    const run = await pacedLatency({ url }, { rate: 400, seconds: 0.5, connections: 4, warmSeconds: 0.1 });
    expect(run).toMatchObject({ sent: 200, ok: 200, failed: 0, newConnections: 0 });
    expect(run.p99).toBeLessThan(100);
  });

  it("counts the time a request waits for a busy connection, without opening another", async () => {
    let slowFrom = Infinity;
    const url = await listen(() => Date.now() >= slowFrom && Date.now() < slowFrom + 300, 300);
    // The slow window opens half a second into the measured two (after the 0.1 s warm-up): about one
    // request in seven is scheduled while it holds.
    setTimeout(() => (slowFrom = Date.now()), 600);
    const run = await pacedLatency({ url }, { rate: 200, seconds: 2, connections: 4, warmSeconds: 0.1 });
    expect(run).toMatchObject({ sent: 400, ok: 400, failed: 0, newConnections: 0 });
    // Every request scheduled while the 4 connections were held waited its turn, and that wait counts;
    // the others did not wait, even on a busy machine where each answer takes tens of milliseconds.
    expect(run.p99).toBeGreaterThan(250);
    expect(run.p50).toBeLessThan(150);
  });
});
