import { cx } from "./cx";

/**
 * A tabular digit is 0.5 to 0.6em wide in the usual system fonts, and "USD" at 0.7em with its margin
 * about two and a half digits; where a font's digits are wider than this, the figure wraps.
 */
const DIGIT_EM = 0.55;
const UNIT_DIGITS = 2.5;

/**
 * Shows an amount that was already formatted on the server ("12.50", "-19.40"); money never
 * becomes a float. `signed` colours credits green and debits red and shows the sign; `currency`
 * adds "USD", or the unit named ("USDT", the token a top-up is paid in). `fit` shrinks a long
 * figure to the width of its box (a block of its own, such as a stat card), so a balance past a
 * trillion dollars is shown whole on a phone; it wraps should the estimate of its width fall short.
 */
export function Money({
  amount,
  signed = false,
  currency = false,
  fit = false,
  className,
}: {
  amount: string;
  signed?: boolean;
  currency?: boolean | "USDT";
  fit?: boolean;
  className?: string;
}) {
  const negative = amount.startsWith("-");
  const text = signed && !negative ? `+${amount}` : amount;
  const figure = (
    <span
      className={cx("tabular-nums", fit ? "wrap-anywhere" : "whitespace-nowrap", signed && (negative ? "text-red-600" : "text-emerald-700"), className)}
      style={fit ? { fontSize: `min(1em, ${(100 / ((text.length + (currency ? UNIT_DIGITS : 0)) * DIGIT_EM)).toFixed(2)}cqi)` } : undefined}
    >
      {text}
      {currency ? <span className="ml-1 text-[0.7em] font-medium text-slate-600">{currency === true ? "USD" : currency}</span> : null}
    </span>
  );
  return fit ? <span className="block @container">{figure}</span> : figure;
}
