import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { signIn } from "./support/sign-in";
import { expect, test } from "./support/test";

test("an admin downloads a backup of the embedded database from the Backups page: a gzip tarball that carries the database", async ({ page, fixtures }) => {
  await signIn(page, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await page.getByRole("link", { name: "Backups" }).first().click();
  await expect(page).toHaveURL(/\/admin\/backups$/);
  await expect(page.getByTestId("backup-key-reminder")).toContainText("keep the file as safe as the key itself");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("backup-download").click()]);
  expect(download.suggestedFilename()).toMatch(/^reseller-panel-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
  const archive = readFileSync((await download.path())!);
  expect(archive.length).toBeGreaterThan(0);
  expect([archive[0], archive[1]]).toEqual([0x1f, 0x8b]);
  const tar = gunzipSync(archive);
  expect(tar.toString("ascii", 257, 262)).toBe("ustar");
  expect(tar.toString("ascii", 0, 13)).toBe("manifest.json");
  expect(tar.includes(Buffer.from("pglite.tar\0"))).toBe(true);
});

test("a reseller is refused the backup download", async ({ page, fixtures }) => {
  await signIn(page, fixtures.erin.email, fixtures.erin.password);
  const response = await page.request.get("/admin/backups/download");
  expect(response.status()).toBe(403);
  expect(await response.text()).toBe("Only an admin can download a backup.\n");
});
