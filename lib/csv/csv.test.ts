import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("defuses formulas in free text only", () => {
    expect(csvCell("=HYPERLINK(1)", { text: true })).toBe("'=HYPERLINK(1)");
    expect(csvCell("-5", { text: true })).toBe("'-5");
    expect(csvCell("@SUM(A1)", { text: true })).toBe("'@SUM(A1)");
    expect(csvCell("=1+1,x", { text: true })).toBe(`"'=1+1,x"`);
    expect(csvCell("-19.40")).toBe("-19.40");
  });

  it("ends each line with CRLF", () => {
    expect(csvLine(["a", "b", ""])).toBe("a,b,\r\n");
  });
});
