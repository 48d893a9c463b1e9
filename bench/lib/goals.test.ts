import { describe, expect, it } from "vitest";
import { cpuCells, cpuFigure, GOALS, times } from "./goals";

describe("cpuFigure", () => {
  it("takes the median of the pairs' ratios, not the ratio of the medians", () => {
    // Pair by pair the app costs 1.2x; a busy second pair makes both sides dearer alike.
    const figure = cpuFigure([0.24, 0.6, 0.36], [0.2, 0.5, 0.3]);
    expect(figure.ratio).toBeCloseTo(1.2);
    expect(figure).toMatchObject({ app: 0.36, baseline: 0.3, met: true });
  });

  it("meets the goal at exactly 1.3x and misses it above", () => {
    expect(cpuFigure([1.3], [1]).met).toBe(true);
    expect(cpuFigure([1.31], [1]).met).toBe(false);
    expect(GOALS.cpuRatio).toBe(1.3);
  });

  it("misses a figure whose baseline served nothing rather than dividing by it", () => {
    expect(cpuFigure([0.3], [Number.NaN]).met).toBe(false);
    expect(cpuFigure([0.3], [0]).met).toBe(false);
  });

  it("refuses runs that are not paired", () => {
    expect(() => cpuFigure([0.3, 0.4], [0.2])).toThrow(/paired/);
    expect(() => cpuFigure([], [])).toThrow(/paired/);
  });
});

describe("the table's cells", () => {
  it("prints ratios to two decimals, so 1.26x and 1.34x read apart", () => {
    expect(times(1.264)).toBe("1.26x");
    expect(times(1.336)).toBe("1.34x");
    expect(times(Number.NaN)).toBe("n/a");
    expect(cpuCells(cpuFigure([0.45], [0.3]))).toEqual({ app: "0.450 ms", baseline: "0.300 ms", result: "1.50x" });
  });
});
