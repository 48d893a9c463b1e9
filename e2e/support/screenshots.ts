import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { expect } from "./test";

/** WCAG 2.1 levels A and AA, as axe-core checks them, and 2.2 AA's minimum target size (24 by 24 px, or spaced apart). */
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** What axe-core finds against WCAG 2.1 AA and 2.2's target size on the page as it is shown, one line per rule. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const { violations } = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: "tag", values: tags },
      }),
    WCAG_AA,
  );
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** Fails the test on what axe-core finds on the page as it is shown; `what` names the page in the failure. */
export async function expectAccessible(page: Page, what: string) {
  // Text too faint to read, a control without a name, a region the keyboard cannot scroll, a target too small to tap.
  expect(await accessibilityViolations(page), `${what} fails WCAG 2.1 AA or 2.2's target size`).toEqual([]);
}

/**
 * The shown text inputs, selects and textareas whose text is smaller than 16 px, as `id or name: size`.
 * iOS Safari zooms into such a control when it takes the focus and leaves the page zoomed.
 */
async function controlsThatZoomOnFocus(page: Page): Promise<string[]> {
  return page.locator("input, select, textarea").evaluateAll((controls) =>
    controls
      .filter(
        (control) =>
          !(control instanceof HTMLInputElement) ||
          !["hidden", "checkbox", "radio", "file", "range", "color", "submit", "button", "reset", "image"].includes(control.type),
      )
      .filter((control) => control.checkVisibility())
      .map((control) => ({ control, size: parseFloat(getComputedStyle(control).fontSize) }))
      .filter(({ size }) => size < 16)
      .map(({ control, size }) => `${control.id || control.getAttribute("name")}: ${size}px`),
  );
}

/** A desktop and the narrowest common phone. */
export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 860 },
  { name: "phone", width: 375, height: 812 },
] as const;

async function shootAt(page: Page, name: string, viewport: (typeof VIEWPORTS)[number]) {
  // Nothing may be wider than the screen (no sideways scrolling on a phone).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${viewport.name} overflows horizontally`).toBeLessThanOrEqual(0);
  await expectAccessible(page, `${name} at ${viewport.name}`);
  if (viewport.name === "phone") expect(await controlsThatZoomOnFocus(page), `${name} at phone size has controls iOS zooms into`).toEqual([]);
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
