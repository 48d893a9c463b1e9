import { createInterface } from "node:readline";

/**
 * The first line of standard input: a password piped in (`printf '%s\n' "$PW" | ...`) or typed at
 * the prompt, so that it never appears in the command line, which other users and the shell's history see.
 */
export async function readPasswordLine(input: NodeJS.ReadableStream = process.stdin, prompt?: (text: string) => void): Promise<string> {
  if ((input as { isTTY?: boolean }).isTTY) prompt?.("New password (then Enter): ");
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}
