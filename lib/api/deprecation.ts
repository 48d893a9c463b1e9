/*
 * The versioning policy (docs/api-changelog.md) as code: an operation to be removed says when it was
 * deprecated and when it stops, and every answer of it carries Deprecation (RFC 9745), Sunset (RFC 8594)
 * and a Link to the changelog's entry, so a client's logs warn long before anything breaks.
 */

/** The least time between announcing a removal and making it. */
export const SUNSET_NOTICE_DAYS = 90;

export interface DeprecationNotice {
  /** ISO 8601: when the deprecation was announced. */
  deprecatedAt: string;
  /** ISO 8601: when the operation stops working; at least SUNSET_NOTICE_DAYS after deprecatedAt. */
  sunsetAt: string;
  /** Where the changelog's entry says what replaces it. */
  link: string;
}

const DAY_MS = 86_400_000;

/** Why a notice breaks the policy, or null when it keeps it. */
export function noticeProblem(notice: DeprecationNotice): string | null {
  const deprecated = Date.parse(notice.deprecatedAt);
  const sunset = Date.parse(notice.sunsetAt);
  if (Number.isNaN(deprecated) || Number.isNaN(sunset)) return "deprecatedAt and sunsetAt must be ISO 8601 times";
  if (sunset - deprecated < SUNSET_NOTICE_DAYS * DAY_MS) return `the sunset must come at least ${SUNSET_NOTICE_DAYS} days after the deprecation`;
  return null;
}

/** The headers every answer of a deprecated operation carries; none for the others. */
export function deprecationHeaders(notice: DeprecationNotice | undefined): Record<string, string> {
  if (!notice) return {};
  return {
    Deprecation: `@${Math.floor(Date.parse(notice.deprecatedAt) / 1000)}`,
    Sunset: new Date(notice.sunsetAt).toUTCString(),
    Link: `<${notice.link}>; rel="deprecation"`,
  };
}
