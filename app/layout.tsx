import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Reseller Panel", template: "%s · Reseller Panel" },
  description: "Wholesale game top-ups, gift cards, game keys and messenger subscriptions for resellers.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page is rendered per request: Next signs its scripts with the request's CSP nonce (proxy.ts),
// and a page prerendered at build time would carry none, so the browser would run none of its scripts.
export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
