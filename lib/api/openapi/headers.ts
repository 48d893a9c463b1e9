import type { Operation } from "../operation";
import type { OpenApiReference } from "./types";

export const HEADER_PREFIX = "#/components/headers/";

export function ref(prefix: string, name: string): OpenApiReference {
  return { $ref: prefix + name };
}

const RATE_LIMIT_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] as const;

export function responseHeaders(operation: Operation, status: number): Record<string, OpenApiReference> {
  const headers: Record<string, OpenApiReference> = { "X-Request-Id": ref(HEADER_PREFIX, "X-Request-Id") };
  const limited = operation.auth === "reseller";
  if (limited) for (const name of RATE_LIMIT_HEADERS) headers[name] = ref(HEADER_PREFIX, name);
  if (status === 429) headers["Retry-After"] = ref(HEADER_PREFIX, "Retry-After");
  if (status === 401) headers["WWW-Authenticate"] = ref(HEADER_PREFIX, "WWW-Authenticate");
  if (operation.etag && (status === 200 || status === 304)) {
    headers.ETag = ref(HEADER_PREFIX, "ETag");
    headers["X-Next-Updated-Since"] = ref(HEADER_PREFIX, "X-Next-Updated-Since");
  }
  return headers;
}
