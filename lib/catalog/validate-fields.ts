import type { Product } from "@/lib/db/schema";
import type { ValidationIssue } from "@/lib/errors/app-error";
import { characterCount } from "@/lib/text/characters";
import { hasHiddenCharacterInMessage, hasVisibleCharacter } from "@/lib/text/hidden-characters";
import { patternError } from "./describe-pattern";

/**
 * Checks an order's `fields` against what the product declares: every required field present, each
 * matching its pattern, and nothing the product does not know. Returns the cleaned fields.
 */
export function validateOrderFields(product: Product, fields: Record<string, unknown>): { fields: Record<string, string>; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const clean: Record<string, string> = {};
  const known = new Set(product.fields.map((f) => f.name));
  for (const name of Object.keys(fields)) {
    if (!known.has(name)) issues.push({ path: `fields.${name}`, message: `Unknown field for ${product.sku}.` });
  }
  for (const field of product.fields) {
    const raw = fields[field.name];
    if (raw !== undefined && raw !== null && typeof raw !== "string" && typeof raw !== "number") {
      issues.push({ path: `fields.${field.name}`, message: `${field.label} must be a string.` });
      continue;
    }
    const value = raw === undefined || raw === null ? "" : String(raw).trim();
    // A value that shows nothing (spaces, a zero-width space) is one left out: an order must not be paid for with it.
    if (!hasVisibleCharacter(value)) {
      if (field.required) issues.push({ path: `fields.${field.name}`, message: `${field.label} is required.` });
      continue;
    }
    // As in a chat message (the free-text fields are several lines): line breaks and tabs are text, other controls are not.
    if (hasHiddenCharacterInMessage(value)) {
      issues.push({ path: `fields.${field.name}`, message: `${field.label} must not contain control characters or direction overrides.` });
      continue;
    }
    if (characterCount(value) > 256) {
      issues.push({ path: `fields.${field.name}`, message: `${field.label} is too long.` });
      continue;
    }
    if (field.pattern && !new RegExp(field.pattern).test(value)) {
      issues.push({ path: `fields.${field.name}`, message: patternError(field.label, field.pattern) });
      continue;
    }
    clean[field.name] = value;
  }
  return { fields: clean, issues };
}
