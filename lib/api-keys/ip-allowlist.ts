import { BlockList, isIP } from "node:net";

/** Parses one allowlist entry: an IPv4/IPv6 address or a CIDR range. */
export function parseAllowlistEntry(entry: string): { address: string; prefix: number | null; family: "ipv4" | "ipv6" } | null {
  const [address, prefixText, extra] = entry.trim().split("/");
  if (extra !== undefined) return null;
  // A zone ("fe80::1%eth0") names an interface of the caller's own host; no client address carries one.
  const version = address.includes("%") ? 0 : isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  if (prefixText === undefined) return { address, prefix: null, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family };
}

/** "::ffff:10.0.0.1" is how an IPv4 client looks on a dual-stack socket. */
function normalizeIp(ip: string): { address: string; family: "ipv4" | "ipv6" } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  const version = isIP(address);
  if (version === 0) return null;
  return { address, family: version === 4 ? "ipv4" : "ipv6" };
}

export function ipAllowed(allowlist: string[], ip: string): boolean {
  if (allowlist.length === 0) return true;
  const client = normalizeIp(ip);
  if (!client) return false;
  const list = new BlockList();
  for (const entry of allowlist) {
    const parsed = parseAllowlistEntry(entry);
    if (!parsed) continue;
    if (parsed.prefix === null) list.addAddress(parsed.address, parsed.family);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list.check(client.address, client.family);
}
