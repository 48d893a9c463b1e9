import { z } from "zod";
import { parseAllowlistEntry } from "./ip-allowlist";

/** Control characters and bidirectional overrides, which would let a name change how the list around it reads. */
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(1, "Give the key a name.")
  .max(60, "Use at most 60 characters.")
  .refine((name) => !HIDDEN_CHARACTERS.test(name), "Use letters, digits, spaces and punctuation only.");

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
