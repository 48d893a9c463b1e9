import { describe, expect, it } from "vitest";
import { parseMoney } from "@/lib/money/money";
import { finalityQuestion, planFinality, type UnfinalTransfer } from "./sandbox-credits";

const DUST = 1_000_000n;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 7, minute));
const transfer = (minute: number, dollars: string, email: string | null): UnfinalTransfer => ({
  blockTimestamp: at(minute),
  value: parseMoney(dollars)!,
  email,
});

describe("making a sandbox transfer final", () => {
  const unfinal = [
    transfer(1, "4", "leo@example.test"),
    transfer(2, "0.5", "leo@example.test"),
    transfer(3, "10", "mia@example.test"),
    transfer(4, "6", "leo@example.test"),
  ];

  it("names the one reseller and amount when nothing earlier is pending", () => {
    const plan = planFinality([transfer(3, "10", "mia@example.test")], at(3), DUST);
    expect(finalityQuestion(plan, DUST)).toBe("Credit 10.00 USDT to mia@example.test now?");
  });

  it("counts every earlier transfer that becomes final with it, and what each reseller is credited in all", () => {
    const plan = planFinality(unfinal, at(3), DUST);
    expect(plan).toEqual({
      transfers: 3,
      credits: [
        { email: "leo@example.test", amount: 4_000_000n },
        { email: "mia@example.test", amount: 10_000_000n },
      ],
    });
    expect(finalityQuestion(plan, DUST)).toBe(
      "Credit 4.00 USDT to leo@example.test and 10.00 USDT to mia@example.test now? It makes 2 earlier transfers final too.",
    );
  });

  it("adds up one reseller's transfers and leaves out later blocks", () => {
    expect(finalityQuestion(planFinality(unfinal, at(4), DUST), DUST)).toBe(
      "Credit 10.00 USDT to leo@example.test and 10.00 USDT to mia@example.test now? It makes 3 earlier transfers final too.",
    );
  });

  it("says when nothing is credited, below the dust limit; an address no reseller holds is credited to no one", () => {
    expect(planFinality([transfer(1, "3", null)], at(1), DUST).credits).toEqual([]);
    const plan = planFinality([transfer(1, "0.5", "leo@example.test"), transfer(2, "0.999999", "mia@example.test")], at(2), DUST);
    expect(plan.credits).toEqual([]);
    expect(finalityQuestion(plan, DUST)).toBe("Make it final now? It credits nothing (below the 1.00 USDT dust limit). It makes 1 earlier transfer final too.");
  });
});
