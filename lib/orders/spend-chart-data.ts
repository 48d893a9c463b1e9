import { formatMoney, type Micros } from "@/lib/money/money";

/** dailySpend's days as chart bars: formatted amounts and heights relative to the highest day (display only). */
export function spendChartData(days: { day: string; total: Micros }[]) {
  const max = days.reduce((m, d) => (d.total > m ? d.total : m), 0n);
  const sum = days.reduce((s, d) => s + d.total, 0n);
  return {
    days: days.map((d) => ({ day: d.day, amount: formatMoney(d.total), ratio: max > 0n ? Number((d.total * 10_000n) / max) / 10_000 : 0 })),
    max: formatMoney(max),
    total: formatMoney(sum),
    empty: sum === 0n,
  };
}
