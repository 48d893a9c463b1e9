import { isIP } from "node:net";
import type { HeaderReader } from "@/lib/http/header-reader";

/**
 * The header through which the server script hands the client IP to the app. The script always
 * overwrites it, so a client cannot choose its own value.
 */
export const CLIENT_IP_HEADER = "x-client-ip";

/**
 * The socket's address, or with a trusted proxy in front, the rightmost X-Forwarded-For entry: the
 * one our proxy added. Entries to its left came from the client and prove nothing. An entry that is
 * not an IP address (a request that reached the app around the proxy) counts for nothing either: it
 * would be checked against allowlists and shown as a key's last address.
 */
export function resolveClientIp(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: boolean): string {
  const fallback = normalize(socketAddress ?? "") || "0.0.0.0";
  if (!trustProxy || !forwardedFor) return fallback;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const forwarded = normalize(entries[entries.length - 1] ?? "");
  return isIP(forwarded) ? forwarded : fallback;
}

function normalize(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

export function clientIpOf(headers: HeaderReader): string {
  return headers.get(CLIENT_IP_HEADER) ?? "0.0.0.0";
}
