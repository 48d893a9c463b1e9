import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WebAssembly packages must load from node_modules at run time, not from the bundle,
  // so that the server script and the route handlers share one instance of each.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "ioredis", "postgres", "pino", "prom-client", "@opentelemetry/api"],
  poweredByHeader: false,
  typedRoutes: false,
  // The stock upload takes a file of up to 2 MB into its form; Next's default of 1 MB answered a
  // larger one with an error page before the upload's own limit (10,000 codes) could say so.
  // authInterrupts: forbidden() renders the panel's "your role cannot open this" page with a 403.
  experimental: { serverActions: { bodySizeLimit: "3mb" }, authInterrupts: true },
  // The panel moves money on a click ("Confirm and pay", "Refund"): no other site may frame it to
  // steer that click. The session cookie's SameSite=Lax already keeps it out of cross-site frames;
  // these headers keep any page from rendering there at all. A page's answer has the full policy of
  // proxy.ts in place of this one; this one covers what the proxy skips.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          // Links to other sites send the origin alone, never a page's path (an order's or a payment's id).
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
