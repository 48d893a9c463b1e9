import { BlockList, isIP } from "node:net";

/**
 * Which IP addresses an outgoing request (a webhook) may never reach: anything that is not a public
 * internet address. Returns why an address is refused, or null when it is a public address.
 *
 * IPv6 addresses that embed an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4
 * 2002::/16) are judged by the IPv4 address they carry, so ::ffff:127.0.0.1 is loopback like 127.0.0.1.
 * IPv6 outside global unicast (2000::/3) is refused outright.
 */
export function blockedAddressReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return ipv4Reason(bare);
  if (family === 6) return ipv6Reason(bare);
  return "not an IP address";
}

export function isBlockedAddress(address: string): boolean {
  return blockedAddressReason(address) !== null;
}

interface Range {
  network: string;
  prefix: number;
  reason: string;
}

const IPV4_RANGES: Range[] = [
  { network: "0.0.0.0", prefix: 8, reason: "an unspecified address (0.0.0.0/8)" },
  { network: "10.0.0.0", prefix: 8, reason: "a private network address (10.0.0.0/8)" },
  { network: "100.64.0.0", prefix: 10, reason: "a carrier-grade NAT address (100.64.0.0/10)" },
  { network: "127.0.0.0", prefix: 8, reason: "a loopback address (127.0.0.0/8)" },
  { network: "169.254.0.0", prefix: 16, reason: "a link-local or cloud metadata address (169.254.0.0/16)" },
  { network: "172.16.0.0", prefix: 12, reason: "a private network address (172.16.0.0/12)" },
  { network: "192.0.0.0", prefix: 24, reason: "a reserved address (192.0.0.0/24)" },
  { network: "192.0.2.0", prefix: 24, reason: "a documentation address (192.0.2.0/24)" },
  { network: "192.88.99.0", prefix: 24, reason: "a reserved relay address (192.88.99.0/24)" },
  { network: "192.168.0.0", prefix: 16, reason: "a private network address (192.168.0.0/16)" },
  { network: "198.18.0.0", prefix: 15, reason: "a benchmarking network address (198.18.0.0/15)" },
  { network: "198.51.100.0", prefix: 24, reason: "a documentation address (198.51.100.0/24)" },
  { network: "203.0.113.0", prefix: 24, reason: "a documentation address (203.0.113.0/24)" },
  { network: "224.0.0.0", prefix: 4, reason: "a multicast address (224.0.0.0/4)" },
  { network: "240.0.0.0", prefix: 4, reason: "a reserved address (240.0.0.0/4)" },
];

/** Special ranges inside global unicast 2000::/3; everything outside 2000::/3 is refused before these. */
const IPV6_RANGES: Range[] = [
  { network: "2001::", prefix: 23, reason: "an IETF special-purpose address (2001::/23, Teredo included)" },
  { network: "2001:db8::", prefix: 32, reason: "a documentation address (2001:db8::/32)" },
  { network: "3fff::", prefix: 20, reason: "a documentation address (3fff::/20)" },
];

function blockListOf(ranges: Range[], type: "ipv4" | "ipv6") {
  return ranges.map((range) => {
    const list = new BlockList();
    list.addSubnet(range.network, range.prefix, type);
    return { list, reason: range.reason };
  });
}

const ipv4Lists = blockListOf(IPV4_RANGES, "ipv4");
const ipv6Lists = blockListOf(IPV6_RANGES, "ipv6");

function ipv4Reason(address: string): string | null {
  for (const { list, reason } of ipv4Lists) if (list.check(address, "ipv4")) return reason;
  return null;
}

function ipv6Reason(address: string): string | null {
  const bytes = parseIpv6(address);
  if (!bytes) return "not an IP address";
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const embedded = (at: number) => `${bytes[at]}.${bytes[at + 1]}.${bytes[at + 2]}.${bytes[at + 3]}`;

  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) {
    const inner = ipv4Reason(embedded(12));
    return inner ? `an IPv4-mapped IPv6 address of ${inner}` : null;
  }
  if (zeros(0, 15) && bytes[15] === 0) return "an unspecified address (::)";
  if (zeros(0, 15) && bytes[15] === 1) return "a loopback address (::1)";
  if (zeros(0, 12)) return "an IPv4-compatible IPv6 address (::/96, deprecated)";
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they carry.
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) {
    const inner = ipv4Reason(embedded(12));
    return inner ? `a NAT64 address of ${inner}` : null;
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) {
    const inner = ipv4Reason(embedded(2));
    return inner ? `a 6to4 address of ${inner}` : null;
  }
  if ((bytes[0] & 0xfe) === 0xfc) return "a unique local IPv6 address (fc00::/7)";
  if (bytes[0] === 0xfe && (bytes[1] & 0xc0) === 0x80) return "a link-local IPv6 address (fe80::/10)";
  if (bytes[0] === 0xfe && (bytes[1] & 0xc0) === 0xc0) return "a site-local IPv6 address (fec0::/10)";
  if (bytes[0] === 0xff) return "a multicast IPv6 address (ff00::/8)";
  if ((bytes[0] & 0xe0) !== 0x20) return "a reserved IPv6 address (outside 2000::/3)";
  for (const { list, reason } of ipv6Lists) if (list.check(address, "ipv6")) return reason;
  return null;
}

/** The 16 bytes of an IPv6 address (with "::" and a trailing dotted quad), or null. */
export function parseIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (isIP(dotted[1]) !== 4) return null;
    tail.push(...dotted[1].split(".").map(Number));
    text = text.slice(0, -dotted[1].length) + "0:0";
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}
