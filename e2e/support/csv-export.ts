import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";

/**
 * Clicks the page's Export CSV (or the link named `linkName`) and answers the file's lines, after checking its name (`<stem>-<date>.csv`),
 * its byte order mark (for Excel) and its CRLF line ends.
 */
export async function exportedCsvLines(page: Page, stem: string, linkName = "Export CSV"): Promise<string[]> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: linkName }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${stem}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const file = readFileSync((await download.path())!, "utf8");
  expect(file.startsWith("\uFEFF"), "a byte order mark, for Excel").toBe(true);
  expect(file.endsWith("\r\n"), "lines end with CRLF").toBe(true);
  return file.slice(1, -2).split("\r\n");
}
