import { config } from "@/lib/config/env";

/** An absolute link into the panel, from PUBLIC_URL (never from a request's Host header). */
export function panelLink(path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${config().PUBLIC_URL}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
