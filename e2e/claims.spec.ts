import { mkdirSync, copyFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { signIn, otherSide } from "./support/sign-in";
import { screenshotAtBothSizes } from "./support/screenshots";
import { expect, test } from "./support/test";

/*
 * A claim end to end in the browser: ruth (200.00) buys a game key, claims it with a screenshot, the
 * admin answers in the chat and replaces the key, and ruth copies the new one from the order page.
 */
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const SKU = "gamekey-minecraft-java";
const SHOTS = "/tmp/shots-claims";

/** A real 2 x 2 PNG, built here so the spec carries no binary file. */
function tinyPng(): Buffer {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function shoot(page: Parameters<typeof screenshotAtBothSizes>[0], name: string) {
  await screenshotAtBothSizes(page, name);
  mkdirSync(SHOTS, { recursive: true });
  for (const size of ["desktop", "phone"]) copyFileSync(`screenshots/${name}-${size}.png`, `${SHOTS}/${name}-${size}.png`);
}

test("a reseller claims a key with a screenshot, the admin replies and replaces it, and the reseller copies the new key", async ({
  page,
  request,
  browser,
  baseURL,
  fixtures,
}) => {
  const bought = await request.post("/api/v2/game-keys", { headers: { "X-API-Key": fixtures.ruth.apiKey }, data: { sku: SKU } });
  expect(bought.status()).toBe(201);
  const order = await bought.json();
  const oldKey: string = order.delivery.items[0].code;

  await signIn(page, fixtures.ruth.email, fixtures.ruth.password);
  await page.goto(`/orders/${order.order_id}`);
  const form = page.getByRole("form", { name: "Open a claim" });
  await form.getByRole("button", { name: "Open claim" }).click();
  await expect(form.getByText("Check the highlighted fields.")).toBeVisible();
  await form.getByLabel("What is wrong?").selectOption("code_already_used");
  await form.getByLabel("Describe it").fill("The launcher says this key was already redeemed.");
  // A file that only claims to be an image is refused by its bytes.
  await form.getByLabel("Screenshot (optional)").setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: Buffer.from("GIF89a not a png") });
  await form.getByRole("button", { name: "Open claim" }).click();
  await expect(form.getByText("Attach a PNG or JPEG image; this file is neither.")).toBeVisible();
  await form.getByLabel("Screenshot (optional)").setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: tinyPng() });
  await form.getByRole("button", { name: "Open claim" }).click();
  const claimBox = page.getByTestId("order-claim");
  await expect(claimBox.getByTestId("claim-status")).toHaveAttribute("data-status", "open");
  await expect(page.getByTestId("claim-promise")).toContainText("We answer by");
  await shoot(page, "claims-order-open");

  const admin = await otherSide(browser, baseURL!, fixtures.admin.email, fixtures.admin.password, /\/admin$/);
  await expect(admin.getByTestId("claims-open")).not.toHaveText("0");
  await admin.goto("/admin/claims");
  await expect(admin.getByRole("heading", { name: "Claims", level: 1 })).toBeVisible();
  await shoot(admin, "claims-admin-queue");
  await admin.getByRole("row").filter({ hasText: fixtures.ruth.email }).getByTestId("queue-claim").click();
  await expect(admin.getByTestId("claim-image")).toBeVisible();
  expect(await admin.getByTestId("claim-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await admin.getByRole("textbox", { name: "Reply as support" }).fill("Sorry about that, a new key is on its way.");
  await admin.getByRole("button", { name: "Send message" }).click();
  await expect(admin.getByTestId("chat-message").filter({ hasText: "a new key is on its way" })).toBeVisible();
  await admin.getByRole("button", { name: "Take", exact: true }).click();
  await expect(admin.getByTestId("claim-holder")).toContainText("Taken by you");
  await shoot(admin, "claims-admin-claim");
  await admin.getByRole("button", { name: "Replace from stock…" }).click();
  await expect(admin.getByText(`Hand ${fixtures.ruth.email} 1 new code from stock`)).toBeVisible();
  await admin.getByRole("button", { name: "Replace 1 code" }).click();
  await expect(admin.getByTestId("claim-status")).toHaveAttribute("data-status", "replaced");
  await expect(admin.getByTestId("replaced-codes")).toContainText(oldKey);
  await admin.context().close();

  await page.goto(`/orders/${order.order_id}`);
  await expect(page.getByTestId("order-claim").getByTestId("claim-status")).toHaveAttribute("data-status", "replaced");
  await expect(page.getByTestId("claim-outcome")).toContainText("We replaced the code");
  const code = page.getByTestId("delivery-code");
  const newKey = (await code.innerText()).trim();
  expect(newKey).not.toBe(oldKey);
  await page.getByTestId("delivery-item").getByRole("button", { name: "Copy" }).first().click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newKey);
  await shoot(page, "claims-order-replaced");

  await page.goto("/claims");
  await expect(page.getByRole("row").filter({ hasText: "The code was already used" })).toBeVisible();
  await page.getByRole("link", { name: /^clm_/ }).first().click();
  await expect(page.getByTestId("chat-message").filter({ hasText: "a new key is on its way" })).toContainText("Support");
  await expect(page.getByText("This claim is answered; the chat is read-only.")).toBeVisible();
  await shoot(page, "claims-reseller-claim");
});
