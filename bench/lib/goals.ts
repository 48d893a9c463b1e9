/*
 * The goals `npm run bench` judges the API by (issue 43), and the one ratio each is read from.
 *
 * Server CPU per request against the bare baseline is the primary figure of the three routes: on a
 * shared machine throughput swings with whatever else runs, while the CPU a request costs the server
 * barely moves. Throughput stays beside it, unjudged.
 */
import { median, pairedRatio } from "./load";

export const GOALS = {
  /** Server CPU per request, app against the bare node:http + postgres.js baseline: at most. */
  cpuRatio: 1.3,
  /** Order status p99 at half the app's peak, against the baseline at the same rate: at most. */
  statusP99Ratio: 1.2,
  /** Throughput the API wrapper costs (logs at info and metrics on): at most. */
  wrapperOverhead: 0.05,
  /** Webhook deliveries a second against a raw signed undici loop: at least. */
  webhookShare: 0.7,
} as const;

export interface CpuFigure {
  /** Median server CPU ms per request over the runs. */
  app: number;
  baseline: number;
  /** The median of the pairs' ratios, app / baseline: each pair ran one after the other. */
  ratio: number;
  met: boolean;
}

/**
 * The CPU figure of one route from the server CPU ms per request of each run, app and baseline in the
 * order they were paired. A run with no successful request has no CPU per request (NaN): the figure is
 * then missed, never met by a division by nothing.
 */
export function cpuFigure(app: number[], baseline: number[], goal: number = GOALS.cpuRatio): CpuFigure {
  if (app.length === 0 || app.length !== baseline.length) throw new Error(`cpuFigure takes paired runs: ${app.length} app, ${baseline.length} baseline`);
  const ratio = pairedRatio(app, baseline);
  return { app: median(app), baseline: median(baseline), ratio, met: Number.isFinite(ratio) && ratio <= goal };
}

/** A ratio as the table prints it: two decimals, so that 1.26x and 1.34x do not both read 1.3x. */
export const times = (ratio: number): string => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : "n/a");

/** The CPU cells of a row: the app's and the baseline's CPU per request, and the ratio. */
export function cpuCells(figure: CpuFigure): { app: string; baseline: string; result: string } {
  return {
    app: `${figure.app.toFixed(3)} ms`,
    baseline: `${figure.baseline.toFixed(3)} ms`,
    result: times(figure.ratio),
  };
}
