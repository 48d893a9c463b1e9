import { describe, expect, it } from "vitest";
import { bodySignature, deliveryHeaders, generateWebhookSecret, standardSignature, standardWebhooksKey, webhookHeadersSchema } from "./signature";
import { verifiedWith, verifyBodySignature, verifyStandardSignature } from "./testing/receiver";

/*
 * Known-answer vectors computed outside this code base, with openssl:
 *
 *   printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET"
 *   KEY=$(printf '%s' 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' | base64 -d | xxd -p -c 256)
 *   printf '%s' "$ID.$TS.$BODY" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$KEY -binary | base64
 *
 * The last vector is the Standard Webhooks specification's own published example, which is what
 * lets a receiver check `webhook-signature` with any of that specification's libraries.
 */
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const BODY =
  '{"event":"order.created","event_id":"3f0c2a4e-8b1d-4c6f-9a7e-2d5b8c1e0f93","timestamp":"2026-11-21T10:15:30.123Z","data":{"order_id":"ord_01JD4X0000ABCDEFGHJKMNPQRS","type":"giftcard","status":"processing"}}';
const BODY_HMAC_HEX = "0d239a949052f2b30346387507f2037c2ce8a6873e036066beef353e477f22db";
const EVENT_ID = "3f0c2a4e-8b1d-4c6f-9a7e-2d5b8c1e0f93";
const TIMESTAMP = 1795774530;
const STANDARD_SIGNATURE = "v1,S0eZtcOnje8gX1beIuIDlqiKwM3zhHq2RqNL1e/Nvj4=";
const SPEC_VECTOR = {
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

describe("webhook signatures (known answers)", () => {
  it("X-Webhook-Signature is sha256= and the lowercase hex HMAC-SHA256 of the raw body", () => {
    expect(bodySignature(SECRET, BODY)).toBe(`sha256=${BODY_HMAC_HEX}`);
  });

  it("webhook-signature is v1, and the base64 HMAC of id.timestamp.body (Standard Webhooks)", () => {
    expect(standardWebhooksKey(SECRET).toString("hex")).toBe("31f290f6bf06298aab4f08d43c3f082cf648a362da2da4b0");
    expect(standardSignature(SECRET, EVENT_ID, TIMESTAMP, BODY)).toBe(STANDARD_SIGNATURE);
    expect(standardSignature(SECRET, SPEC_VECTOR.id, SPEC_VECTOR.timestamp, SPEC_VECTOR.body)).toBe(SPEC_VECTOR.signature);
  });

  it("the test receiver's own checks agree with the same vectors", () => {
    expect(verifyBodySignature(SECRET, BODY, `sha256=${BODY_HMAC_HEX}`)).toBe(true);
    expect(verifyBodySignature(SECRET, BODY + " ", `sha256=${BODY_HMAC_HEX}`)).toBe(false);
    expect(verifyBodySignature("whsec_other", BODY, `sha256=${BODY_HMAC_HEX}`)).toBe(false);
    const headers = { "webhook-id": EVENT_ID, "webhook-timestamp": String(TIMESTAMP), "webhook-signature": STANDARD_SIGNATURE };
    expect(verifyStandardSignature(SECRET, BODY, headers)).toBe(true);
    expect(verifyStandardSignature(SECRET, BODY, { ...headers, "webhook-timestamp": String(TIMESTAMP + 1) })).toBe(false);
  });

  it("a delivery carries every header, signed over the exact body", () => {
    const now = new Date(TIMESTAMP * 1000 + 999);
    const headers = deliveryHeaders({ secret: SECRET, eventId: EVENT_ID, event: "order.created", body: BODY, now });
    expect(headers).toEqual({
      "Content-Type": "application/json",
      "User-Agent": "ResellerPanel-Webhooks/1.0",
      "X-Webhook-Event": "order.created",
      "X-Webhook-Id": EVENT_ID,
      "X-Webhook-Signature": `sha256=${BODY_HMAC_HEX}`,
      "webhook-id": EVENT_ID,
      "webhook-timestamp": String(TIMESTAMP),
      "webhook-signature": STANDARD_SIGNATURE,
    });
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifiedWith(SECRET, { headers: lower, body: BODY, at: 0, path: "/" })).toBe(true);
    expect(webhookHeadersSchema.safeParse(headers).success).toBe(true);
  });
});

describe("generateWebhookSecret", () => {
  it("is whsec_ and 32 base62 characters, different every time, and a valid Standard Webhooks key", () => {
    const secrets = new Set(Array.from({ length: 200 }, generateWebhookSecret));
    expect(secrets.size).toBe(200);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
      expect(standardWebhooksKey(secret)).toHaveLength(24);
    }
  });
});
