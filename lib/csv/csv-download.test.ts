import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/db/page";
import { csvDownload, everyPage } from "./csv-download";

const letters = ["a", "b", "c", "d", "e"];

/** A list of letters read two at a time, newest first as the app's lists are; the cursor is the last one shown. */
async function readLetters(cursor: string | undefined, reads: (string | undefined)[]): Promise<Page<string>> {
  reads.push(cursor);
  const start = cursor ? letters.indexOf(cursor) + 1 : 0;
  const data = letters.slice(start, start + 2);
  return { data, nextCursor: start + 2 < letters.length ? data[data.length - 1] : null };
}

describe("everyPage", () => {
  it("follows the cursor to the end of the list", async () => {
    const reads: (string | undefined)[] = [];
    const pages: string[][] = [];
    for await (const page of everyPage((cursor) => readLetters(cursor, reads))) pages.push(page);
    expect(pages).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(reads).toEqual([undefined, "b", "d"]);
  });
});

describe("csvDownload", () => {
  it("streams a byte order mark, the header and every page's rows, as an attachment", async () => {
    const reads: (string | undefined)[] = [];
    const response = csvDownload(
      "letters.csv",
      ["letter", "upper"],
      everyPage((cursor) => readLetters(cursor, reads)),
      (l) => [l, l.toUpperCase()],
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="letters.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(reads, "nothing is read before the body is").toEqual([]);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)], "UTF-8 byte order mark").toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("letter,upper\r\na,A\r\nb,B\r\nc,C\r\nd,D\r\ne,E\r\n");
  });

  it("has only the header when the list is empty, and reads on past an empty page", async () => {
    async function* pages() {
      yield [] as string[];
      yield [];
    }
    const response = csvDownload("none.csv", ["letter"], pages(), (l) => [l]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer())).toBe("\uFEFFletter\r\n");
  });

  it("stops reading when the download is cancelled", async () => {
    let pagesRead = 0;
    let closed = false;
    async function* pages() {
      try {
        for (;;) {
          pagesRead += 1;
          yield ["row"];
        }
      } finally {
        closed = true;
      }
    }
    const reader = csvDownload("endless.csv", ["letter"], pages(), (l) => [l]).body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const readWhenCancelled = pagesRead;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed, "the list's reader is closed").toBe(true);
    expect(pagesRead).toBe(readWhenCancelled);
  });
});
