import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WebAssembly packages must load from node_modules at run time, not from the bundle,
  // so that the server script and the route handlers share one instance of each.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "ioredis", "postgres"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
