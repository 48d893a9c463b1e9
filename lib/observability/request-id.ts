/**
 * An id a proxy or client may hand us: printable, no spaces, short enough for a log line. Anything else
 * is replaced rather than echoed, so a header cannot put a line break or a megabyte into the logs.
 */
const USABLE_REQUEST_ID = /^[A-Za-z0-9._:@\/+=-]{1,128}$/;

/** W3C Trace Context, version 00: trace id and parent id in lower-case hex, neither all zeros. */
const TRACEPARENT = /^00-(?!0{32})([0-9a-f]{32})-(?!0{16})([0-9a-f]{16})-([0-9a-f]{2})$/;

export function usableRequestId(value: string | string[] | undefined): string | null {
  return typeof value === "string" && USABLE_REQUEST_ID.test(value) ? value : null;
}

export interface TraceParent {
  traceId: string;
  parentId: string;
  sampled: boolean;
}

export function parseTraceparent(value: string | string[] | undefined): TraceParent | null {
  if (typeof value !== "string") return null;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return null;
  return { traceId: match[1], parentId: match[2], sampled: (parseInt(match[3], 16) & 1) === 1 };
}
