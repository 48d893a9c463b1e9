/** Text with `backtick` spans shown as code, the way the document's descriptions are written. */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/g);
  return (
    <>{parts.map((part, index) => (part.startsWith("`") && part.endsWith("`") && part.length > 1 ? <code key={index}>{part.slice(1, -1)}</code> : part))}</>
  );
}
