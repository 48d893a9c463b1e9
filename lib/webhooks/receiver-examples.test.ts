import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedPost } from "@/lib/net/guarded-request";
import { freePort } from "@/lib/net/testing/free-port";
import { MAX_RESPONSE_BYTES } from "./constants";
import { sendWebhookRequest } from "./deliver";
import { eventBody } from "./envelope";
import { RECEIVER_EXAMPLES } from "./receiver-examples";
import { deliveryHeaders, generateWebhookSecret } from "./signature";

/*
 * Each receiver example the webhooks page shows, run the way its "Try it:" line says (the code written to
 * a file unchanged, the secret in WEBHOOK_SECRET, the port where the line or the code takes it) and sent
 * deliveries by the worker's own sending function: a genuine one must pass, a forged one must not.
 * X-Webhook-Signature, which the examples check, covers the body alone, so no timestamp can go stale;
 * replay protection is the Standard Webhooks headers' part, which the page leaves to that specification's libraries.
 */

type ExampleId = (typeof RECEIVER_EXAMPLES)[number]["id"];

const EXAMPLE_FILES: Record<ExampleId, { file: string; constantTime: RegExp }> = {
  node: { file: "receiver.mjs", constantTime: /\btimingSafeEqual\(/ },
  php: { file: "receiver.php", constantTime: /\bhash_equals\(/ },
  python: { file: "receiver.py", constantTime: /\bhmac\.compare_digest\(/ },
};

interface Runner {
  file: string;
  /** The "Try it:" command, listening on port on the loopback interface only. */
  command(port: number): string[];
  /** Whether this machine has the command; CI installs what it takes (.ci/run), so CI never skips. */
  available: boolean;
  /** The constant-time comparison the example must call: read from its text, as no delivery can observe timing. */
  constantTime: RegExp;
}

/** The example's "Try it: WEBHOOK_SECRET=whsec_... <command>" line, as a command to run. */
function runnerOf(id: ExampleId, code: string): Runner {
  const line = /^(?:\/\/|#) Try it: WEBHOOK_SECRET=whsec_\.\.\. (.+?)(?: \(.*\))?$/m.exec(code);
  if (!line) throw new Error(`the ${id} example has no "Try it: WEBHOOK_SECRET=whsec_... <command>" line`);
  const words = line[1].split(" ");
  return {
    ...EXAMPLE_FILES[id],
    command: (port) => words.map((word) => word.replace("0.0.0.0", "127.0.0.1").replace("8080", String(port))),
    available: spawnSync(words[0], ["--version"], { stdio: "ignore" }).status === 0,
  };
}

const SEND = { allowPrivate: true, timeoutMs: 5_000 };
const SECRET = generateWebhookSecret();

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

interface Running {
  url: string;
  child: ChildProcess;
  dir: string;
  /** What it printed so far. */
  output(): string;
}

/** Starts the example and resolves once it accepts connections; fails with its output if it exits or never listens. */
async function run(code: string, runner: Runner, secret: string | null = SECRET): Promise<Running> {
  const dir = mkdtempSync(path.join(tmpdir(), "receiver-example-"));
  writeFileSync(path.join(dir, runner.file), code);
  const port = await freePort();
  const [command, ...args] = runner.command(port);
  const { WEBHOOK_SECRET: _unset, ...env } = process.env;
  const child = spawn(command, args, {
    cwd: dir,
    env: { ...env, ...(secret ? { WEBHOOK_SECRET: secret } : {}), PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const running = { url: `http://127.0.0.1:${port}/webhooks`, child, dir, output: () => output };
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  let gone: string | undefined;
  child.on("error", (error) => (gone = error.message));
  const onExit = (status: number | null) => (gone = `exited (${status})`);
  child.once("exit", onExit);
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (gone !== undefined || Date.now() > deadline) {
      await stop(running);
      throw new Error(`${command} ${gone ?? "did not listen within 10 s"}, on port ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.off("exit", onExit);
  return running;
}

async function stop(running: Running | undefined): Promise<void> {
  if (!running) return;
  const { child, dir } = running;
  if (child.exitCode === null && child.signalCode === null) {
    const exit = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exit;
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * An outbox event as the worker delivers it; the message holds non-ASCII text, so a receiver that
 * decodes and re-encodes the body, or signs something other than its bytes, fails on it.
 */
function chatEvent() {
  const id = randomUUID();
  const body = eventBody({
    id,
    userId: "usr_example",
    type: "manual_service.chat.message",
    data: {
      order_id: "ord_01JD4X0000ABCDEFGHJKMNPQRS",
      type: "manual",
      message_preview: "Код активации: 4F2K-9QX7 — €25 ✓",
      message_created_at: "2026-11-21T10:15:30.123Z",
    },
    createdAt: new Date("2026-11-21T10:15:31.000Z"),
  });
  return { url: "", secret: SECRET, eventId: id, event: "manual_service.chat.message", body };
}

/** A request with the headers a genuine delivery of `signed` carries (X-Webhook-Signature replaced, or left out when null), and `body`. */
function postSignedAs(url: string, signed: ReturnType<typeof chatEvent>, body: string, signature?: string | null) {
  const { "X-Webhook-Signature": genuine, ...headers } = deliveryHeaders(signed);
  const sent = signature === null ? headers : { ...headers, "X-Webhook-Signature": signature ?? genuine };
  return guardedPost(url, { ...SEND, maxResponseBytes: MAX_RESPONSE_BYTES, headers: sent, body });
}

describe.each(RECEIVER_EXAMPLES.map((example) => ({ ...example, runner: runnerOf(example.id, example.code) })))(
  "the $label receiver example",
  ({ code, runner }) => {
    // Skipped only where the language is missing locally: CI installs it, and CI=1 makes a missing one fail.
    const runnable = runner.available || Boolean(process.env.CI);
    let receiver: Running | undefined;

    beforeAll(async () => {
      if (runnable) receiver = await run(code, runner);
    }, 15_000);
    afterAll(() => stop(receiver));

    it("compares the signature in constant time", () => {
      expect(code).toMatch(runner.constantTime);
    });

    it.runIf(runnable)("accepts a genuine delivery, sent by the worker's sending function", async () => {
      const result = await sendWebhookRequest({ ...chatEvent(), url: receiver!.url }, SEND);
      expect(result, result.responseBody ?? "").toMatchObject({ ok: true, status: 200 });
    });

    it.runIf(runnable)("refuses a delivery signed with another secret", async () => {
      const result = await sendWebhookRequest({ ...chatEvent(), url: receiver!.url, secret: generateWebhookSecret() }, SEND);
      expect(result.status).toBe(401);
    });

    it.runIf(runnable)("refuses a body changed after signing", async () => {
      const genuine = chatEvent();
      expect((await postSignedAs(receiver!.url, genuine, genuine.body.replace("4F2K-9QX7", "4F2K-9QX8"))).status).toBe(401);
    });

    it.runIf(runnable)("refuses a wrong, a malformed or a missing signature", async () => {
      const genuine = chatEvent();
      const signature = deliveryHeaders(genuine)["X-Webhook-Signature"];
      const flipped = signature.slice(0, -1) + (signature.endsWith("0") ? "1" : "0");
      // The last character replaced by a non-ASCII one: Python's compare_digest raises on such a str.
      const nonAscii = signature.slice(0, -1) + "é";
      for (const forged of [flipped, nonAscii, signature.toUpperCase(), signature.slice("sha256=".length), "sha256=", "", null]) {
        expect((await postSignedAs(receiver!.url, genuine, genuine.body, forged)).status, String(forged)).toBe(401);
      }
    });
  },
);

/** Started without WEBHOOK_SECRET, each example says which variable to set: at start, or (PHP, which runs per request) in its answer. */
describe("a receiver example started without WEBHOOK_SECRET", () => {
  const runners = Object.fromEntries(RECEIVER_EXAMPLES.map((example) => [example.id, { code: example.code, runner: runnerOf(example.id, example.code) }]));
  const runnable = (id: ExampleId) => runners[id].runner.available || Boolean(process.env.CI);
  const MISSING = /WEBHOOK_SECRET/;

  for (const id of ["node", "python"] as const) {
    it.runIf(runnable(id))(
      `${id}: stops at start, naming the variable`,
      async () => {
        const error = await run(runners[id].code, runners[id].runner, null).then(
          async (running) => {
            await stop(running);
            return null;
          },
          (refused: Error) => refused,
        );
        expect(error?.message).toMatch(/exited/);
        expect(error?.message).toMatch(MISSING);
      },
      15_000,
    );
  }

  it.runIf(runnable("php"))(
    "php: answers 500 naming the variable, rather than 401 to every delivery",
    async () => {
      const receiver = await run(runners.php.code, runners.php.runner, null);
      try {
        const result = await sendWebhookRequest({ ...chatEvent(), url: receiver.url }, SEND);
        expect(result.status).toBe(500);
        expect(result.responseBody).toMatch(MISSING);
      } finally {
        await stop(receiver);
      }
    },
    15_000,
  );
});
