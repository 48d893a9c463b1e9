import { createHash } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { encryptSecret } from "@/lib/crypto/encryption";
import type { DbOrTx } from "@/lib/db/client";
import { stockCodes } from "@/lib/db/schema";
import { AppError } from "@/lib/errors/app-error";
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

const codeHash = (sku: string, code: string) => createHash("sha256").update(`${sku}\n${code}`).digest("hex");

/** Adds codes to a product's stock, encrypted; a code already in stock (or twice in the upload) is skipped and counted. */
export async function addStockCodes(db: DbOrTx, sku: string, lines: StockLine[]): Promise<{ added: number; duplicates: number }> {
  if (lines.length === 0) throw new AppError("validation_error", "No codes to add.", { issues: [{ path: "codes", message: "is empty" }] });
  if (lines.length > 10_000) throw new AppError("validation_error", "Upload at most 10,000 codes at a time.", { issues: [{ path: "codes", message: "too many" }] });
  const seen = new Set<string>();
  const rows = [];
  for (const line of lines) {
    const hash = codeHash(sku, line.code);
    if (seen.has(hash)) continue;
    seen.add(hash);
    rows.push({ sku, codeHash: hash, codeEncrypted: encryptSecret(line.code), pinEncrypted: line.pin ? encryptSecret(line.pin) : null, serial: line.serial });
  }
  let added = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db.insert(stockCodes).values(rows.slice(i, i + 500)).onConflictDoNothing().returning({ id: stockCodes.id });
    added += inserted.length;
  }
  return { added, duplicates: lines.length - added };
}

export async function availableStock(db: DbOrTx, sku: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stockCodes).where(and(eq(stockCodes.sku, sku), isNull(stockCodes.orderId)));
  return Number(row.n);
}
