/*
 * The resellers' webhook receiver, inside the suite: it checks both signatures of every delivery as
 * an integrator's receiver would (lib/webhooks/signature.ts, after the seed's rule) and counts the
 * events it accepted by id. /hook/<reseller> answers 200 while the receiver is up, 500 while it is
 * failing, and nothing while it is refusing (it stops listening); /dud/<reseller> always answers 500.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { bodySignature, standardSignature } from "@/lib/webhooks/signature";

export type ReceiverState = "up" | "failing" | "refusing";

export interface Receiver {
  url: string;
  /** Registers a reseller's signing secret under its path name. */
  trust(name: string, secret: string): void;
  setState(state: ReceiverState): Promise<void>;
  /** Ids of the events accepted (200, signatures valid) for a reseller. */
  accepted(name: string): Set<string>;
  /** Deliveries that arrived at /dud/<name>. */
  failedAttempts(name: string): number;
  figures(): { deliveries: number; answeredDown: number; badSignatures: number; duplicates: number; accepted: number };
  close(): Promise<void>;
}

const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function startReceiver(): Promise<Receiver> {
  const secrets = new Map<string, string>();
  const accepted = new Map<string, Set<string>>();
  const dudAttempts = new Map<string, number>();
  let state: ReceiverState = "up";
  const figures = { deliveries: 0, answeredDown: 0, badSignatures: 0, duplicates: 0, accepted: 0 };

  const validSignatures = (secret: string, headers: Record<string, string | string[] | undefined>, body: string) => {
    const id = String(headers["webhook-id"] ?? "");
    const timestamp = Number(headers["webhook-timestamp"]);
    return (
      equal(bodySignature(secret, body), String(headers["x-webhook-signature"] ?? "")) &&
      equal(standardSignature(secret, id, timestamp, body), String(headers["webhook-signature"] ?? ""))
    );
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      figures.deliveries++;
      const [, kind, name] = (req.url ?? "").split("/");
      const secret = secrets.get(name ?? "");
      const body = Buffer.concat(chunks).toString("utf8");
      if (kind === "dud") {
        dudAttempts.set(name, (dudAttempts.get(name) ?? 0) + 1);
        res.writeHead(500).end("always failing");
        return;
      }
      if (state !== "up") {
        figures.answeredDown++;
        res.writeHead(500).end("down");
        return;
      }
      if (!secret || !validSignatures(secret, req.headers, body)) {
        figures.badSignatures++;
        res.writeHead(401).end("bad signature");
        return;
      }
      const eventId = String(req.headers["webhook-id"]);
      const seen = accepted.get(name) ?? new Set<string>();
      accepted.set(name, seen);
      if (seen.has(eventId)) figures.duplicates++;
      else figures.accepted++;
      seen.add(eventId);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    trust: (name, secret) => void secrets.set(name, secret),
    async setState(next) {
      if (next === state) return;
      if (state === "refusing") await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      if (next === "refusing") {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
      }
      state = next;
    },
    accepted: (name) => accepted.get(name) ?? new Set(),
    failedAttempts: (name) => dudAttempts.get(name) ?? 0,
    figures: () => ({ ...figures }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
