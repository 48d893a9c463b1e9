import { describe, expect, it } from "vitest";
import { stopOnSignal, type StopPlan } from "./shutdown";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function plan(stop: () => Promise<void>) {
  const exits: number[] = [];
  const lines: string[] = [];
  let released = 0;
  const handler = stopOnSignal({
    graceMs: 200,
    marginMs: 100,
    inProgress: "requests",
    stop,
    release: () => released++,
    exit: (code) => exits.push(code),
    log: (line) => lines.push(line),
  } satisfies StopPlan);
  return { handler, exits, lines, released: () => released };
}

describe("stopping on SIGTERM", () => {
  it("exits 0 once the graceful stop is done", async () => {
    const { handler, exits, released } = plan(() => sleep(20));
    handler("SIGTERM");
    await sleep(60);
    expect({ exits, released: released() }).toEqual({ exits: [0], released: 1 });
  });

  it("exits within the grace period and its margin when the stop never ends", async () => {
    const { handler, exits, lines } = plan(() => new Promise<void>(() => {}));
    const started = Date.now();
    handler("SIGTERM");
    await sleep(250);
    expect(exits).toEqual([]);
    await sleep(150);
    expect(exits).toEqual([1]);
    expect(Date.now() - started).toBeLessThan(450);
    expect(lines.at(-1)).toMatch(/took too long/);
  });

  it("exits at once on a second signal", async () => {
    const { handler, exits } = plan(() => new Promise<void>(() => {}));
    handler("SIGTERM");
    await sleep(10);
    handler("SIGTERM");
    expect(exits).toEqual([1]);
  });
});
