import { describe, expect, it } from "vitest";
import type { Product } from "@/lib/db/schema";
import { validateOrderFields } from "./validate-fields";

const manual = {
  sku: "manual-account-recovery",
  fields: [{ name: "details", label: "What you need", required: true, pattern: null }],
} as unknown as Product;

describe("an order's fields", () => {
  it("takes free text of several lines, trimmed", () => {
    expect(validateOrderFields(manual, { details: "  Recover my account.\nLogin: player1\tEU  " })).toEqual({
      fields: { details: "Recover my account.\nLogin: player1\tEU" },
      issues: [],
    });
  });

  it("refuses a required field that shows nothing (spaces, a zero-width space), as one left out, rather than charging for an empty order", () => {
    for (const details of ["   ", "\n\t", "\u200b"]) {
      expect(validateOrderFields(manual, { details }), JSON.stringify(details)).toEqual({
        fields: {},
        issues: [{ path: "fields.details", message: "What you need is required." }],
      });
    }
  });

  it("refuses control characters and direction overrides, as a chat message does", () => {
    for (const details of ["ring \u0007 the bell", "\u001b[31mred", "\u202eevil"]) {
      expect(validateOrderFields(manual, { details }).issues, JSON.stringify(details)).toEqual([
        { path: "fields.details", message: "What you need must not contain control characters or direction overrides." },
      ]);
    }
  });
});
