import { hasHiddenCharacter } from "@/lib/text/hidden-characters";

export interface StockLine {
  code: string;
  pin: string | null;
  serial: string | null;
}

/** Control, direction and invisible characters are never part of a code a reseller could type in, and would make a look-alike of one in stock. */
const hasHiddenPart = (part: string | undefined) => part !== undefined && hasHiddenCharacter(part);

/** One code per line, as `CODE`, `CODE,PIN` or `CODE,PIN,SERIAL` (a CSV export pastes as is). */
export function parseStockLines(text: string): { lines: StockLine[]; invalid: number[] } {
  const lines: StockLine[] = [];
  const invalid: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || /^code\s*(,|$)/i.test(line)) return;
    const [code, pin, serial] = line.split(",").map((part) => part.trim().replace(/^"|"$/g, ""));
    if (!code || code.length > 200 || /\s/.test(code) || [code, pin, serial].some(hasHiddenPart)) invalid.push(index + 1);
    else lines.push({ code, pin: pin || null, serial: serial || null });
  });
  return { lines, invalid };
}

/** "1 invalid line (line 4)", "12 invalid lines (lines 1, 2, …)": the lines of an upload that hold no code. */
export function invalidLinesText(invalid: number[]): string {
  const noun = invalid.length === 1 ? "line" : "lines";
  return `${invalid.length} invalid ${noun} (${noun} ${invalid.slice(0, 10).join(", ")}${invalid.length > 10 ? ", …" : ""})`;
}

/** What an upload would add, as far as its text tells: a code already in stock is found only by the server. */
export interface StockUploadPlan {
  codes: number;
  /** Codes given again later in the same upload. */
  duplicates: number;
  invalid: number[];
}

export function planStockUpload(text: string): StockUploadPlan {
  const { lines, invalid } = parseStockLines(text);
  const codes = new Set(lines.map((line) => line.code)).size;
  return { codes, duplicates: lines.length - codes, invalid };
}

/** The question the upload asks before adding: "Add 3 codes to Xbox Gift Card 15 EUR? Left out: 1 duplicate, 1 invalid line (line 4)." */
export function stockUploadQuestion(productName: string, plan: StockUploadPlan): string {
  const left = [
    plan.duplicates ? `${plan.duplicates} ${plan.duplicates === 1 ? "duplicate" : "duplicates"}` : null,
    plan.invalid.length ? invalidLinesText(plan.invalid) : null,
  ].filter((part) => part !== null);
  return `Add ${plan.codes} ${plan.codes === 1 ? "code" : "codes"} to ${productName}?${left.length ? ` Left out: ${left.join(", ")}.` : ""}`;
}
