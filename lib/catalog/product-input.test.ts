import { describe, expect, it } from "vitest";
import { productInputSchema } from "./product-input";

const product = {
  sku: "text-check",
  category: "topup",
  name: "Text",
  group: "Text",
  region: "GLOBAL",
  listPrice: "1.00",
  minQuantity: 1,
  maxQuantity: 1,
  fulfilment: "supplier",
  enabled: true,
  lowStockThreshold: 0,
};

describe("the product form's text", () => {
  it("refuses half of a surrogate pair, which the order fields' JSON can spell and the database cannot store", () => {
    const result = productInputSchema.safeParse({ ...product, fields: [{ name: "player_id", label: "Player \ud83d ID", required: true }] });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["fields", 0, "label"], message: "Use whole characters: this holds half of one." })]);
  });

  it("takes whole characters beyond the basic plane", () => {
    expect(
      productInputSchema.safeParse({ ...product, name: "Stars ⭐ 😀", fields: [{ name: "player_id", label: "Player 🎮 ID", required: true }] }).success,
    ).toBe(true);
  });

  it("takes a region in Latin letters, digits or dashes, upper-cased, and refuses others rather than change them", () => {
    expect(productInputSchema.parse({ ...product, region: " eu-west ", fields: [] }).region).toBe("EU-WEST");
    expect(productInputSchema.safeParse({ ...product, region: "ßﬃ", fields: [] }).error?.issues[0]).toMatchObject({
      path: ["region"],
      message: "Use 2 to 12 letters, digits or dashes, such as US or GLOBAL.",
    });
  });
});
