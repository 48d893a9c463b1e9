/*
 * The webhook receiver of the benchmark, in a process of its own: answers 200 to every POST on
 * /hook after checking both signatures with the secret (as an integrator's receiver would), and
 * reports on GET /stats how many arrived, how many were signed wrongly, and when the first and the
 * last arrived. POST /reset starts the count over.
 *
 *   PORT=... WEBHOOK_SECRET=whsec_... node --import tsx bench/receiver.ts
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { performance } from "node:perf_hooks";

const { PORT, WEBHOOK_SECRET } = process.env;
if (!PORT || !WEBHOOK_SECRET) throw new Error("PORT and WEBHOOK_SECRET are required");
const secret = WEBHOOK_SECRET;
const standardKey = Buffer.from(secret.replace(/^whsec_/, ""), "base64");

const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

let count = 0;
let badSignatures = 0;
let first: number | null = null;
let last: number | null = null;
const ids = new Set<string>();
let duplicates = 0;

const now = () => performance.timeOrigin + performance.now();

const server = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/stats") {
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ count, badSignatures, duplicates, first, last }));
    return;
  }
  if (req.method === "POST" && req.url === "/reset") {
    count = 0;
    badSignatures = 0;
    duplicates = 0;
    first = null;
    last = null;
    ids.clear();
    res.writeHead(204).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    const id = String(req.headers["webhook-id"] ?? "");
    const timestamp = String(req.headers["webhook-timestamp"] ?? "");
    const bodySignature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
    const standard = `v1,${createHmac("sha256", standardKey).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
    const ok = equal(bodySignature, String(req.headers["x-webhook-signature"] ?? "")) && equal(standard, String(req.headers["webhook-signature"] ?? ""));
    if (!ok) badSignatures++;
    if (ids.has(id)) duplicates++;
    ids.add(id);
    count++;
    const at = now();
    first ??= at;
    last = at;
    res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
  });
});
server.keepAliveTimeout = 5_000;
server.listen(Number(PORT), "127.0.0.1", () => console.log(`receiver on http://127.0.0.1:${PORT}`));
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
