import { cx } from "./cx";

/**
 * Shows an amount that was already formatted on the server ("12.50", "-19.40"); money never
 * becomes a float. `signed` colours credits green and debits red and shows the sign; `currency`
 * adds "USD", or the unit named ("USDT", the token a top-up is paid in).
 */
export function Money({
  amount,
  signed = false,
  currency = false,
  className,
}: {
  amount: string;
  signed?: boolean;
  currency?: boolean | "USDT";
  className?: string;
}) {
  const negative = amount.startsWith("-");
  const text = signed && !negative ? `+${amount}` : amount;
  return (
    <span className={cx("tabular-nums whitespace-nowrap", signed && (negative ? "text-red-600" : "text-emerald-700"), className)}>
      {text}
      {currency ? <span className="ml-1 text-[0.7em] font-medium text-slate-600">{currency === true ? "USD" : currency}</span> : null}
    </span>
  );
}
