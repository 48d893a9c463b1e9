import { formatMoney, parseMoney } from "@/lib/money/money";

/** A tier's monthly price (dollars) and discount per category (percent), as stored or as typed. */
export interface TariffText {
  price: string;
  discounts: Record<string, string>;
}

/** "3.50" and "3.5" are one percentage, and an empty discount is none, as updateTariff stores them. */
function percent(text: string | undefined): string {
  const value = (text ?? "").trim();
  return value === "" || !Number.isFinite(Number(value)) ? value || "0" : String(Number(value));
}

function dollars(text: string): string {
  const micros = parseMoney(text.trim());
  return micros === null ? text.trim() : formatMoney(micros);
}

/**
 * What saving the typed tariff changes, one phrase each: "39.00 USD a month (was 49.00)",
 * "Gift cards 5% (was 3.5%)". Text that is no number is shown as typed; the save refuses it.
 */
export function tariffChanges(saved: TariffText, typed: TariffText, categories: readonly string[], labels: Record<string, string>): string[] {
  const changes: string[] = [];
  const price = dollars(typed.price);
  if (price !== dollars(saved.price)) changes.push(`${price} USD a month (was ${dollars(saved.price)})`);
  for (const category of categories) {
    const [before, after] = [percent(saved.discounts[category]), percent(typed.discounts[category])];
    if (before !== after) changes.push(`${labels[category] ?? category} ${after}% (was ${before}%)`);
  }
  return changes;
}
