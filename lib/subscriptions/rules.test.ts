import { describe, expect, it } from "vitest";
import type { User } from "@/lib/db/schema";
import { hiddenClassChanges } from "@/lib/server/testing/hidden-class";
import { addMonths, effectiveTier, prorate, subscriptionView } from "./rules";

const JAN1 = new Date("2025-01-01T00:00:00.000Z");
const FEB1 = new Date("2025-02-01T00:00:00.000Z");
const JAN_MS = 31n * 86_400_000n; // 2_678_400_000

const silver = (over: Partial<User> = {}) =>
  ({ tier: "Silver", periodStart: JAN1, periodEnd: FEB1, nextTier: null, subscriptionStatus: "active", ...over }) as User;

describe("calendar months", () => {
  it("adds one month in UTC, clamping to the month's last day", () => {
    expect(addMonths(JAN1).toISOString()).toBe("2025-02-01T00:00:00.000Z");
    expect(addMonths(new Date("2025-01-31T10:00:00Z")).toISOString()).toBe("2025-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2024-01-31T10:00:00Z")).toISOString()).toBe("2024-02-29T10:00:00.000Z");
    expect(addMonths(new Date("2025-12-15T00:00:00Z")).toISOString()).toBe("2026-01-15T00:00:00.000Z");
  });
});

describe("proration (difference x remaining ms / period ms, half up to the micro-dollar)", () => {
  const diff = 100_000_000n; // Gold 149.00 - Silver 49.00
  it("at the period's start charges the whole difference", () => {
    expect(prorate(diff, JAN_MS, JAN_MS)).toBe(100_000_000n);
  });
  it("in the middle", () => {
    // 15.5 of 31 days left: exactly half.
    expect(prorate(diff, BigInt(FEB1.getTime() - Date.parse("2025-01-16T12:00:00Z")), JAN_MS)).toBe(50_000_000n);
    // 21 of 31 days left: 100 x 21/31 = 67.741935483... -> 67.741935.
    expect(prorate(diff, 21n * 86_400_000n, JAN_MS)).toBe(67_741_935n);
    // 10 of 31 days: 32.258064516... -> 32.258065 (rounds up).
    expect(prorate(diff, 10n * 86_400_000n, JAN_MS)).toBe(32_258_065n);
  });
  it("at the last second and the last millisecond", () => {
    // 100e6 x 1000 / 2_678_400_000 = 37.3357... -> 37 micro-dollars.
    expect(prorate(diff, 1000n, JAN_MS)).toBe(37n);
    // 0.0373... -> 0.
    expect(prorate(diff, 1n, JAN_MS)).toBe(0n);
  });
  it("rounds exactly half up, and never charges for nothing", () => {
    expect(prorate(1n, 1n, 2n)).toBe(1n);
    expect(prorate(3n, 1n, 2n)).toBe(2n);
    expect(prorate(5n, 1n, 4n)).toBe(1n);
    expect(prorate(-5n, 1n, 4n)).toBe(0n);
    expect(prorate(5n, 0n, 4n)).toBe(0n);
  });
});

describe("what a stored subscription means at a moment", () => {
  it("active inside the period, Bronze prices after an unpaid end, and a paid next month rolls over", () => {
    expect(effectiveTier(silver(), new Date("2025-01-20T00:00:00Z"))).toBe("Silver");
    expect(subscriptionView(silver(), FEB1)).toMatchObject({ tier: "Silver", effectiveTier: "Bronze", status: "expired" });
    expect(effectiveTier(silver({ subscriptionStatus: "expired" }), JAN1)).toBe("Bronze");
    expect(subscriptionView(silver({ nextTier: "Silver" }), FEB1)).toMatchObject({
      tier: "Silver",
      status: "active",
      periodStart: FEB1,
      periodEnd: addMonths(FEB1),
    });
    expect(subscriptionView(silver({ nextTier: "Bronze" }), FEB1)).toMatchObject({ tier: "Bronze", status: "active", periodEnd: null });
    expect(effectiveTier({ tier: "Bronze", periodStart: null, periodEnd: null, nextTier: null, subscriptionStatus: "active" }, FEB1)).toBe("Bronze");
  });

  it("is read on every priced call without making a hidden class per call", () => {
    const active = silver();
    const expired = silver({ subscriptionStatus: "expired" });
    const mid = new Date("2025-01-20T00:00:00Z");
    expect(hiddenClassChanges(() => subscriptionView(active, mid))).toBe(0);
    expect(hiddenClassChanges(() => subscriptionView(expired, mid))).toBe(0);
    expect(hiddenClassChanges(() => subscriptionView(active, FEB1))).toBe(0);
  });
});
