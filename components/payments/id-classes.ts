/** An id in full: it may break anywhere on a phone, never in a desktop column. */
export const idClasses = "font-mono text-xs [overflow-wrap:anywhere] md:whitespace-nowrap";
