import { hash } from "node:crypto";
import type { HeaderReader } from "@/lib/http/header-reader";

/*
 * Conditional reads of the catalog: an answer's ETag is a digest of the JSON it sends, so it changes
 * exactly when anything the caller reads changes (a price, its tariff, stock, a field, a product gone),
 * and two callers who see the same bytes share it. Weak (W/), since a gzipped answer is not the same bytes.
 */

export function entityTag(body: unknown): string {
  return entityTagOfJson(JSON.stringify(body));
}

/**
 * The tag of an answer already serialised, so that the JSON is made once for the tag and the answer.
 * SHA-256 in one call (no Hash object): a faster non-cryptographic hash
 * written in JavaScript measured no faster over a 19 kB page, and a tag that a caller could make
 * collide with another body of the same catalog would let a stale page stand.
 */
export function entityTagOfJson(json: string): string {
  return `W/"${hash("sha256", json, "base64url").slice(0, 32)}"`;
}

/** The tag without its weakness mark: If-None-Match compares weakly (RFC 9110, 13.1.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/** Whether an If-None-Match header names this tag (or is `*`): the caller already holds this answer. */
export function matchesIfNoneMatch(headers: HeaderReader, tag: string): boolean {
  const sent = headers.get("if-none-match");
  if (sent === null) return false;
  const wanted = opaque(tag);
  return sent.split(",").some((candidate) => candidate.trim() === "*" || opaque(candidate) === wanted);
}
