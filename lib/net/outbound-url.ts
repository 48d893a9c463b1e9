import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import { blockedAddressReason } from "./blocked-addresses";

export const MAX_OUTBOUND_URL_LENGTH = 2048;

/** A URL an outgoing request may not use, or a destination it may not reach; the message says why. */
export class OutboundUrlError extends Error {
  constructor(
    message: string,
    /** "syntax": the URL itself is unusable; "blocked": it points at a forbidden address; "dns": the host does not resolve. */
    readonly kind: "syntax" | "blocked" | "dns",
  ) {
    super(message);
    this.name = "OutboundUrlError";
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (injectable, so tests can play DNS). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

export interface GuardOptions {
  /** Lifts the private-address check (WEBHOOK_ALLOW_PRIVATE, for local development and tests). */
  allowPrivate: boolean;
  resolver?: HostResolver;
}

/**
 * Checks the shape of an outgoing URL: http or https, a host, no user name or password, at most
 * 2048 characters. The WHATWG parser also turns the decimal, hex and octal spellings of IPv4
 * (http://2130706433/, http://0x7f.1/) into the dotted address that the address check then sees.
 */
export function parseOutboundUrl(text: string): URL {
  if (text.length > MAX_OUTBOUND_URL_LENGTH) throw new OutboundUrlError(`The URL is longer than ${MAX_OUTBOUND_URL_LENGTH} characters.`, "syntax");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundUrlError("Enter a full URL such as https://example.com/webhooks.", "syntax");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundUrlError("The URL must start with https:// or http://.", "syntax");
  if (url.username || url.password) throw new OutboundUrlError("The URL must not contain a user name or password.", "syntax");
  if (!url.hostname) throw new OutboundUrlError("The URL has no host.", "syntax");
  // The URL parser keeps port 0, which no server listens on: every delivery would fail.
  if (url.port === "0") throw new OutboundUrlError("The URL's port must be between 1 and 65535.", "syntax");
  return url;
}

/** The host of a parsed URL as a resolver or socket takes it: IPv6 literals without their brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/**
 * Every address the URL's host stands for, each one vetted: an IP literal is checked as it is, a
 * name is resolved (all of its addresses) and refused if any address is not public. The caller
 * connects to one of the returned addresses, never resolving the name again (no DNS rebinding).
 */
export async function resolveOutboundHost(url: URL, options: GuardOptions): Promise<ResolvedAddress[]> {
  const host = bareHostname(url);
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family) {
    addresses = [{ address: host, family: family as 4 | 6 }];
  } else {
    try {
      addresses = await (options.resolver ?? systemResolver)(host);
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new OutboundUrlError(`The host ${host} could not be resolved${code ? ` (${code})` : ""}.`, "dns");
    }
    if (addresses.length === 0) throw new OutboundUrlError(`The host ${host} has no addresses.`, "dns");
  }
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const reason = blockedAddressReason(address);
      if (reason) {
        const where = family ? `The address ${host}` : `The host ${host} resolves to ${address}, which`;
        throw new OutboundUrlError(`${where} is ${reason}; webhooks are only sent to public internet addresses.`, "blocked");
      }
    }
  }
  return addresses;
}

/** parseOutboundUrl and resolveOutboundHost together: what a form or API checks at save time. */
export async function vetOutboundUrl(text: string, options: GuardOptions): Promise<URL> {
  const url = parseOutboundUrl(text);
  await resolveOutboundHost(url, options);
  return url;
}
