export interface SpendDay {
  /** yyyy-mm-dd (UTC). */
  day: string;
  /** Formatted, "12.50". */
  amount: string;
  /** The bar's height relative to the highest day, 0..1. */
  ratio: number;
}

const shortDate = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const label = (day: string) => shortDate.format(new Date(`${day}T00:00:00Z`));

/** Spend per day as inline SVG bars (no chart library); each bar's tooltip and the table for screen readers carry the figures. */
export function SpendChart({ days, max }: { days: SpendDay[]; max: string }) {
  const width = days.length * 10;
  const height = 100;
  return (
    <figure data-testid="spend-chart">
      <div className="flex gap-2">
        <div className="flex w-12 shrink-0 flex-col justify-between text-right text-[11px] text-slate-500 tabular-nums" aria-hidden="true">
          <span>{max}</span>
          <span>0</span>
        </div>
        <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="h-40 min-w-0 flex-1" role="img" aria-label="Spend per day, last 30 days">
          <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#e2e8f0" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          <line x1="0" y1="0.5" x2={width} y2="0.5" stroke="#f1f5f9" strokeWidth="1" vectorEffect="non-scaling-stroke" strokeDasharray="4 4" />
          {days.map((d, i) => {
            const h = d.ratio > 0 ? Math.max(d.ratio * (height - 2), 2) : 0;
            return (
              <g key={d.day}>
                <rect x={i * 10} y={0} width={10} height={height} fill="transparent">
                  <title>{`${label(d.day)}: ${d.amount} USD`}</title>
                </rect>
                {h > 0 ? (
                  <rect x={i * 10 + 1.5} y={height - h} width={7} height={h} rx={1} className="fill-brand-500" data-testid="spend-bar">
                    <title>{`${label(d.day)}: ${d.amount} USD`}</title>
                  </rect>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <div className="mt-1 flex justify-between pl-14 text-[11px] text-slate-500" aria-hidden="true">
        <span>{days.length ? label(days[0].day) : ""}</span>
        <span>{days.length ? label(days[Math.floor(days.length / 2)].day) : ""}</span>
        <span>{days.length ? label(days[days.length - 1].day) : ""}</span>
      </div>
      <table className="sr-only">
        <caption>Spend per day</caption>
        <tbody>
          {days
            .filter((d) => d.ratio > 0)
            .map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.amount} USD</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
}
