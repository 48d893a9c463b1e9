import type { Page } from "@/lib/db/page";
import { csvLine } from "./csv";

/** Every page of a keyset-paged list, until the list ends. */
export async function* everyPage<T>(readPage: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  do {
    const page = await readPage(cursor);
    yield page.data;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * A CSV file download, written a page at a time as the rows are read, so that a reseller with years
 * of history gets all of it without the server holding it in memory. Starts with a byte order mark,
 * so that Excel reads the file as UTF-8 rather than the system's code page.
 */
export function csvDownload<T>(filename: string, header: readonly string[], pages: AsyncIterable<T[]>, cellsOf: (row: T) => string[]): Response {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
        return;
      }
      // A pull that enqueues nothing is not pulled again, so an empty page reads on to the next.
      for (;;) {
        const next = await iterator.next();
        if (next.done) return controller.close();
        if (next.value.length > 0) return controller.enqueue(encoder.encode(next.value.map((row) => csvLine(cellsOf(row))).join("")));
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
