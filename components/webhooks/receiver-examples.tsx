"use client";

import { useState } from "react";
import { cx } from "@/components/ui/cx";

const NODE = `import { createServer } from "node:http";
import { createHmac, timingSafeEqual } from "node:crypto";

const secret = process.env.WEBHOOK_SECRET; // whsec_...

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
}).listen(8080);`;

const PHP = `<?php
$secret = getenv('WEBHOOK_SECRET'); // whsec_...
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

const PYTHON = `import hashlib, hmac, os
from flask import Flask, abort, request

app = Flask(__name__)
SECRET = os.environ["WEBHOOK_SECRET"].encode()  # whsec_...

@app.post("/webhooks")
def webhook():
    raw = request.get_data()  # the raw body: verify before parsing
    expected = "sha256=" + hmac.new(SECRET, raw, hashlib.sha256).hexdigest()
    given = request.headers.get("X-Webhook-Signature", "")
    if not hmac.compare_digest(expected, given):  # constant time
        abort(401)
    event = request.get_json()
    # Skip event["event_id"] if already seen, queue the work, answer fast.
    return "ok", 200`;

export const RECEIVER_EXAMPLES = [
  { id: "node", label: "Node.js", code: NODE },
  { id: "php", label: "PHP", code: PHP },
  { id: "python", label: "Python", code: PYTHON },
] as const;

/** A receiver that checks the signature over the raw body in constant time, in three languages. */
export function ReceiverExamples() {
  const [active, setActive] = useState<(typeof RECEIVER_EXAMPLES)[number]["id"]>("node");
  const current = RECEIVER_EXAMPLES.find((example) => example.id === active)!;
  return (
    <div>
      <div role="tablist" aria-label="Receiver example language" className="flex gap-1 border-b border-slate-200">
        {RECEIVER_EXAMPLES.map((example) => (
          <button
            key={example.id}
            type="button"
            role="tab"
            id={`receiver-tab-${example.id}`}
            aria-selected={example.id === active}
            aria-controls="receiver-example"
            onClick={() => setActive(example.id)}
            className={cx(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              example.id === active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-500 hover:text-slate-800",
            )}
          >
            {example.label}
          </button>
        ))}
      </div>
      <pre
        id="receiver-example"
        role="tabpanel"
        tabIndex={0}
        aria-labelledby={`receiver-tab-${active}`}
        className="mt-3 overflow-auto rounded-md bg-slate-900 px-3 py-3 font-mono text-xs leading-relaxed text-slate-100"
      >
        <code>{current.code}</code>
      </pre>
    </div>
  );
}
