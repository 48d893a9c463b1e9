/*
 * The receiver examples the webhooks page shows, which integrators copy as they are: each checks
 * X-Webhook-Signature over the raw body in constant time, and says so when WEBHOOK_SECRET is not set
 * (Node's crashed at its first delivery, PHP's refused every one without a word).
 */

const NODE = `// Try it: WEBHOOK_SECRET=whsec_... node receiver.mjs (it listens on $PORT, else 8080)
import { createServer } from "node:http";
import { createHmac, timingSafeEqual } from "node:crypto";

const secret = process.env.WEBHOOK_SECRET; // whsec_...
if (!secret) throw new Error("Set WEBHOOK_SECRET to your webhook's signing secret (whsec_...).");

createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const raw = Buffer.concat(chunks); // the raw body: verify before parsing
    const expected = Buffer.from(
      "sha256=" + createHmac("sha256", secret).update(raw).digest("hex"),
    );
    const given = Buffer.from(String(req.headers["x-webhook-signature"] ?? ""));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(401).end();
      return;
    }
    const event = JSON.parse(raw.toString("utf8"));
    // Skip event.event_id if already seen, queue the work, answer fast.
    res.writeHead(200).end("ok");
  });
}).listen(process.env.PORT ?? 8080);`;

const PHP = `<?php
// Try it: WEBHOOK_SECRET=whsec_... php -S 0.0.0.0:8080 receiver.php
$secret = getenv('WEBHOOK_SECRET'); // whsec_...
if (!$secret) {
    http_response_code(500);
    exit("Set WEBHOOK_SECRET to your webhook's signing secret (whsec_...).");
}
$raw = file_get_contents('php://input'); // the raw body: verify before decoding

$expected = 'sha256=' . hash_hmac('sha256', $raw, $secret);
$given = $_SERVER['HTTP_X_WEBHOOK_SIGNATURE'] ?? '';
if (!hash_equals($expected, $given)) { // constant-time comparison
    http_response_code(401);
    exit;
}

$event = json_decode($raw, true);
// Skip $event['event_id'] if already seen, queue the work, answer fast.
http_response_code(200);
echo 'ok';`;

const PYTHON = `# Try it: WEBHOOK_SECRET=whsec_... flask --app receiver run --host 0.0.0.0 --port 8080
import hashlib, hmac, os
from flask import Flask, abort, request

app = Flask(__name__)
SECRET = os.environ["WEBHOOK_SECRET"].encode()  # whsec_...

@app.post("/webhooks")
def webhook():
    raw = request.get_data()  # the raw body: verify before parsing
    expected = ("sha256=" + hmac.new(SECRET, raw, hashlib.sha256).hexdigest()).encode()
    given = request.headers.get("X-Webhook-Signature", "").encode()
    if not hmac.compare_digest(expected, given):  # constant time, on bytes: a str with non-ASCII raises
        abort(401)
    event = request.get_json()
    # Skip event["event_id"] if already seen, queue the work, answer fast.
    return "ok", 200`;

const NODE_SDK = `// Try it: npm install @reseller-panel/sdk, then WEBHOOK_SECRET=whsec_... node receiver.mjs (it listens on $PORT, else 8080)
import { createServer } from "node:http";
import { verifyWebhook } from "@reseller-panel/sdk";

const secret = process.env.WEBHOOK_SECRET; // whsec_...
if (!secret) throw new Error("Set WEBHOOK_SECRET to your webhook's signing secret (whsec_...).");

createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    let event;
    try {
      // The raw body, as received: the signature covers these bytes, not a re-serialised object.
      event = verifyWebhook({ secret, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    } catch {
      res.writeHead(401).end();
      return;
    }
    // Skip event.event_id if already seen, queue the work, answer fast.
    res.writeHead(200).end("ok");
  });
}).listen(process.env.PORT ?? 8080);`;

/** The Node receiver with the SDK's verifyWebhook, which /docs shows first; the SDK ships in sdk/. */
export const SDK_RECEIVER_EXAMPLE = { id: "node-sdk", label: "Node.js (SDK)", code: NODE_SDK } as const;

export const RECEIVER_EXAMPLES = [
  { id: "node", label: "Node.js", code: NODE },
  { id: "php", label: "PHP", code: PHP },
  { id: "python", label: "Python", code: PYTHON },
] as const;
