import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkResponse, jsonDifference } from "./response-check";

const schema = z.object({
  id: z.string(),
  total: z.string().regex(/^\d+\.\d{2}$/),
  tags: z.array(z.object({ name: z.string() })),
  note: z.string().nullable(),
  limit: z.number().default(50),
  fields: z.record(z.string(), z.string()),
});

const valid = { id: "ord_1", total: "9.50", tags: [{ name: "a" }], note: null, limit: 50, fields: { player_id: "42" } };

describe("checkResponse", () => {
  it("passes an answer that is already its schema's output, and returns that very object", () => {
    expect(checkResponse(schema, valid)).toBe(valid);
  });

  it("ignores key order and keys holding undefined, which JSON does not show", () => {
    const reordered = { fields: { player_id: "42" }, limit: 50, note: null, tags: [{ name: "a" }], total: "9.50", id: "ord_1", extra: undefined };
    expect(checkResponse(schema, reordered)).toBe(reordered);
  });

  it("refuses a field the schema would strip, naming where it is", () => {
    expect(() => checkResponse(schema, { ...valid, password_hash: "x" })).toThrow(/at "password_hash"/);
    expect(() => checkResponse(schema, { ...valid, tags: [{ name: "a", secret: 1 }] })).toThrow(/at "tags\.0\.secret"/);
  });

  it("refuses an answer that leaves a default for the schema to fill in", () => {
    const { limit: _limit, ...withoutLimit } = valid;
    expect(() => checkResponse(schema, withoutLimit)).toThrow(/at "limit"/);
  });

  it("refuses an invalid answer with the schema's own message", () => {
    expect(() => checkResponse(schema, { ...valid, total: "9.5" })).toThrow(/at "total"/);
    expect(() => checkResponse(schema, { ...valid, note: 3 })).toThrow(/at "note"/);
  });
});

describe("jsonDifference", () => {
  it("finds the first place two values would serialise differently", () => {
    expect(jsonDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeNull();
    expect(jsonDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe("a.1.b");
    expect(jsonDifference({ a: [1, 2] }, { a: [1] })).toBe("a");
    expect(jsonDifference({ a: null }, { a: {} })).toBe("a");
    expect(jsonDifference([], {})).toBe("");
    expect(jsonDifference(new Date(5), new Date(5))).toBeNull();
  });
});
