import { z } from "zod";
import { hasHiddenCharacter } from "@/lib/text/hidden-characters";
import { parseAllowlistEntry } from "./ip-allowlist";

export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(1, "Give the key a name.")
  .max(60, "Use at most 60 characters.")
  .refine((name) => !hasHiddenCharacter(name), "Use letters, digits, spaces and punctuation only.");

/** Accepts addresses and CIDR ranges separated by commas, spaces or new lines. */
export const allowlistTextSchema = z
  .string()
  .max(4000, "Use at most 4,000 characters.")
  .transform((text, ctx) => {
    const entries = text.split(/[\s,]+/).filter(Boolean);
    for (const entry of entries) {
      if (!parseAllowlistEntry(entry)) ctx.addIssue({ code: "custom", message: `"${entry}" is not an IP address or CIDR range.` });
    }
    if (entries.length > 50) ctx.addIssue({ code: "custom", message: "Use at most 50 entries." });
    return entries;
  });
