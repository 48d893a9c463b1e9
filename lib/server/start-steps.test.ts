import { describe, expect, it } from "vitest";
import { startSteps } from "./start-steps";

describe("the start's timing line", () => {
  it("names every step with its time, slowest first, the time its modules took to load, and the whole", async () => {
    let clock = 1_500;
    const steps = startSteps(() => clock);
    await steps.time("migrations", () => void (clock += 310));
    await steps.time("next", async () => void (clock += 1_640));
    await expect(steps.time("key check", () => Promise.reject(new Error("mismatch")))).rejects.toThrow("mismatch");
    clock += 50;
    expect(steps.summary()).toBe("ready 3.5 s after the process started (its modules 1.5 s): next 1.6 s, migrations 310 ms, key check 0 ms");
  });
});
