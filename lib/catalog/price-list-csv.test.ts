import { describe, expect, it } from "vitest";
import { PRICE_LIST_CSV_COLUMNS, priceListCsvCells } from "./price-list-csv";
import type { ProductRecord } from "./serialize";

const product: ProductRecord = {
  sku: "giftcard-steam-us-10",
  category: "giftcard",
  name: "Steam Gift Card 10 USD",
  group: "Steam",
  region: "US",
  price: "9.50",
  list_price: "10.00",
  currency: "USD",
  on_sale: true,
  in_stock: true,
  stock: 12,
  min_quantity: 1,
  max_quantity: 10,
  fields: [],
  attributes: {},
};

describe("the price list's CSV lines", () => {
  it("puts each product's facts under its column, money as decimal strings", () => {
    const cells = priceListCsvCells(product);
    expect(Object.fromEntries(PRICE_LIST_CSV_COLUMNS.map((column, i) => [column, cells[i]]))).toEqual({
      sku: "giftcard-steam-us-10",
      category: "giftcard",
      group: "Steam",
      name: "Steam Gift Card 10 USD",
      region: "US",
      price: "9.50",
      list_price: "10.00",
      currency: "USD",
      in_stock: "true",
      stock: "12",
      min_quantity: "1",
      max_quantity: "10",
    });
  });

  it("leaves stock empty for a product not sold from stock, and quotes a name with a comma", () => {
    const cells = priceListCsvCells({ ...product, name: "Diamonds, 86", stock: null, in_stock: false });
    expect(cells[3]).toBe('"Diamonds, 86"');
    expect(cells[8]).toBe("false");
    expect(cells[9]).toBe("");
  });

  it("keeps a spreadsheet from running a name that starts like a formula", () => {
    expect(priceListCsvCells({ ...product, name: "=HYPERLINK(1)" })[3]).toBe("'=HYPERLINK(1)");
  });
});
