import { isSandboxFailingRecipient, recipientOf } from "@/lib/fulfilment/recipient";
import type { ConnectorFactory, UpstreamOrderRequest, UpstreamOutcome } from "./connector";

/**
 * The built-in stand-in for a real upstream, answering by the documented fixtures: a recipient ending
 * in 0000 or beginning with "fail" does not exist. It keeps nothing, so asking again by a reference
 * answers what placing it answered.
 */
function answer({ reference, product, quantity, fields }: UpstreamOrderRequest): UpstreamOutcome {
  const recipient = recipientOf(product, fields);
  if (recipient && isSandboxFailingRecipient(recipient)) {
    return { state: "refused", code: "invalid_recipient", message: `The recipient ${recipient} was not found.` };
  }
  const upstreamOrderId = `sandbox-${reference}`;
  if (product.category === "platformgift" || product.category === "gamekey") {
    return {
      state: "completed",
      upstreamOrderId,
      note: `Delivered ${product.name}.`,
      items: [{ code: `SANDBOX-${reference.slice(-8)}`, pin: null, serial: null }],
    };
  }
  const note = recipient ? `${product.name} x${quantity} delivered to ${recipient}.` : `${product.name} x${quantity} delivered.`;
  return { state: "completed", upstreamOrderId, note, items: [] };
}

export const sandboxConnector: ConnectorFactory = () => ({
  placeOrder: async (request) => answer(request),
  reconcile: async (request) => answer(request),
  async checkRecipient(_upstreamProductId, product, fields) {
    const recipient = recipientOf(product, fields) ?? fields.player_id ?? fields.login ?? fields.username ?? fields.friend_link ?? "";
    if (!recipient) return { valid: false, reason: "No recipient given." };
    if (isSandboxFailingRecipient(recipient)) return { valid: false, reason: "No such player or account." };
    return { valid: true, nickname: `Player ${recipient.slice(-4)}` };
  },
  balance: async () => ({ ok: true, balance: 1_000_000_000_000n, currency: "USD" }),
  // The sandbox sells whatever product of ours points at it; it has no catalog to import from.
  listProducts: async () => ({ ok: false, reason: "The sandbox supplier has no catalog of its own to import from." }),
});
