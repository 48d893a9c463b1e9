/*
 * Lighthouse through its Node API in Debian's Chromium (CHROME_PATH, /usr/bin/chromium by default):
 * nothing here downloads a browser. One Chromium serves every run; each run opens its own tab.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import type { FormFactor, LighthouseRun } from "./page-audit";

export interface Browser {
  port: number;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    // --no-sandbox: the bench may run as root (CI does), where Chromium's sandbox refuses to start.
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    logLevel: "silent",
  });
  return { port: chrome.port, close: async () => chrome.kill() };
}

/**
 * One navigation of `url`, performance only. Mobile is Lighthouse's default (a mid-range phone, simulated
 * slow 4G and a 4x slower CPU); desktop its desktop preset. `cookie` signs the page in: it is sent with
 * every request the page makes, its polling included.
 */
export async function audit(browser: Browser, url: string, formFactor: FormFactor, cookie: string): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    { port: browser.port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders: { Cookie: cookie } },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A page that answered with the login form instead would be measured as if it were the panel.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  const figure = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse has no ${id} for ${url}`);
    return value;
  };
  const score = lhr.categories.performance?.score;
  if (typeof score !== "number") throw new Error(`Lighthouse has no performance score for ${url}`);
  return { tbtMs: figure("total-blocking-time"), lcpMs: figure("largest-contentful-paint"), performance: score * 100 };
}
