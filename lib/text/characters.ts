/**
 * Text limits count characters as zod and JSON Schema's maxLength do: code points, so an emoji is one
 * character, not the two UTF-16 units of `length`.
 */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** The first `count` characters of `text`; never half of a surrogate pair, which jsonb cannot store. */
export function firstCharacters(text: string, count: number): string {
  return Array.from(text).slice(0, count).join("");
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * At most `count` characters as a reader sees them (grapheme clusters: a flag or a family emoji is
 * one), with an ellipsis when cut.
 */
export function shortened(text: string, count: number): string {
  const parts = Array.from(graphemes.segment(text), (part) => part.segment);
  return parts.length > count ? `${parts.slice(0, count - 1).join("")}…` : text;
}
