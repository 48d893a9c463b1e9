import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WebAssembly packages must load from node_modules at run time, not from the bundle,
  // so that the server script and the route handlers share one instance of each.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "ioredis", "postgres"],
  poweredByHeader: false,
  typedRoutes: false,
  // The stock upload takes a file of up to 2 MB into its form; Next's default of 1 MB answered a
  // larger one with an error page before the upload's own limit (10,000 codes) could say so.
  experimental: { serverActions: { bodySizeLimit: "3mb" } },
};

export default nextConfig;
