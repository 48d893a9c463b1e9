import { describe, expect, it } from "vitest";
import { deliveryHeaders, generateWebhookSecret } from "@/lib/webhooks/signature";
import { verifyWebhook, WebhookVerificationError } from "../src/index";

/* verifyWebhook against the app's own signer (lib/webhooks/signature.ts), both schemes. */

const secret = generateWebhookSecret();
const event = { event: "webhook.test", event_id: "5b7c3a55-1f7e-4f52-9a7e-4d0e9a3f2b11", timestamp: "2026-11-29T06:00:00.000Z", data: { message: "test" } };
const body = JSON.stringify(event);
const sentAt = new Date("2026-11-29T06:00:00.000Z");
const signed = deliveryHeaders({ secret, eventId: event.event_id, event: event.event, body, now: sentAt });

const only = (names: string[]) => Object.fromEntries(Object.entries(signed).filter(([name]) => names.includes(name)));
const SEED = ["X-Webhook-Signature"];
const STANDARD = ["webhook-id", "webhook-timestamp", "webhook-signature"];
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as Error).message;
  }
  throw new Error("verifyWebhook accepted it");
};

describe("verifyWebhook", () => {
  it("returns the event of a delivery signed both ways", () => {
    expect(verifyWebhook({ secret, headers: signed, body, now: sentAt })).toEqual(event);
  });

  it("checks the seed's sha256= signature when that is all there is, with no clock involved", () => {
    expect(verifyWebhook({ secret, headers: only(SEED), body, now: new Date("2030-01-01") })).toEqual(event);
    expect(failure(() => verifyWebhook({ secret, headers: only(SEED), body: body.replace("test", "tesT") }))).toContain("X-Webhook-Signature");
    expect(failure(() => verifyWebhook({ secret: generateWebhookSecret(), headers: only(SEED), body }))).toContain("does not match");
  });

  it("checks the Standard Webhooks signature and its timestamp within the tolerance", () => {
    const at = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000);
    expect(verifyWebhook({ secret, headers: only(STANDARD), body, now: at(299) })).toEqual(event);
    expect(failure(() => verifyWebhook({ secret, headers: only(STANDARD), body, now: at(301) }))).toContain("300 s");
    expect(failure(() => verifyWebhook({ secret, headers: only(STANDARD), body, now: at(-301) }))).toContain("300 s");
    expect(verifyWebhook({ secret, headers: only(STANDARD), body, now: at(3000), toleranceSeconds: 3600 })).toEqual(event);
    expect(failure(() => verifyWebhook({ secret, headers: only(STANDARD), body: `${body} `, now: sentAt }))).toContain("webhook-signature");
    expect(failure(() => verifyWebhook({ secret: generateWebhookSecret(), headers: only(STANDARD), body, now: sentAt }))).toContain("does not match");
  });

  it("prefers the Standard Webhooks headers when both are there, so a replay outside the tolerance fails", () => {
    expect(failure(() => verifyWebhook({ secret, headers: signed, body, now: new Date(sentAt.getTime() + 3_600_000) }))).toContain("webhook-timestamp");
  });

  it("takes a replayed Standard signature only with its own id and timestamp", () => {
    const forged = { ...only(STANDARD), "webhook-id": "6b7c3a55-1f7e-4f52-9a7e-4d0e9a3f2b11" };
    expect(failure(() => verifyWebhook({ secret, headers: forged, body, now: sentAt }))).toContain("does not match");
  });

  it("accepts one matching signature among several (a key rotation) and ignores other versions", () => {
    const headers = { ...only(STANDARD), "webhook-signature": `v1a,abc v1,${"A".repeat(43)}= ${signed["webhook-signature"]}` };
    expect(verifyWebhook({ secret, headers, body, now: sentAt })).toEqual(event);
  });

  it("reads fetch Headers, Node's lower-case header objects and byte bodies", () => {
    expect(verifyWebhook({ secret, headers: new Headers(only(STANDARD)), body: new TextEncoder().encode(body), now: sentAt })).toEqual(event);
    const nodeStyle = Object.fromEntries(Object.entries(only(SEED)).map(([name, value]) => [name.toLowerCase(), [value]]));
    expect(verifyWebhook({ secret, headers: nodeStyle, body })).toEqual(event);
  });

  it("refuses a delivery without a signature, or with a Standard signature missing its id or timestamp", () => {
    expect(failure(() => verifyWebhook({ secret, headers: {}, body }))).toContain("No webhook signature");
    expect(failure(() => verifyWebhook({ secret, headers: only(["webhook-signature"]), body }))).toContain("missing");
  });
});
