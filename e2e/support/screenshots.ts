import type { Page } from "@playwright/test";
import { expect } from "./test";

/** A desktop and the narrowest common phone. */
export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 860 },
  { name: "phone", width: 375, height: 812 },
] as const;

async function shootAt(page: Page, name: string, viewport: (typeof VIEWPORTS)[number]) {
  // Nothing may be wider than the screen (no sideways scrolling on a phone).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${viewport.name} overflows horizontally`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `screenshots/${name}-${viewport.name}.png`, fullPage: true });
}

/** Shoots the page as it is, from its top, at both sizes into screenshots/, and returns to the desktop size. */
export async function screenshotAtBothSizes(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shootAt(page, name, viewport);
  }
  await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
}

/** Loads a page at each size, checks its main heading, and shoots it. */
export async function visitAndShoot(page: Page, name: string, path: string, heading?: string | RegExp) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, ...(heading ? { name: heading } : {}) }).first()).toBeVisible();
    await shootAt(page, name, viewport);
  }
}
