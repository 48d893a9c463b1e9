import type { Order, Product } from "@/lib/db/schema";
import { isSandboxFailingRecipient, recipientOf } from "./recipient";

export type SupplierResult = { ok: true; note: string; items: { code: string; pin: string | null; serial: string | null }[] } | { ok: false; reason: string };

/** A supplier fulfils orders that are not sold from our own stock. */
export interface Supplier {
  fulfil(product: Product, order: Order): Promise<SupplierResult>;
  checkRecipient(product: Product, fields: Record<string, string>): Promise<{ valid: true; nickname: string } | { valid: false; reason: string }>;
}

/** The built-in stand-in for real suppliers, answering by the documented fixtures. */
export const sandboxSupplier: Supplier = {
  async fulfil(product, order) {
    const recipient = recipientOf(product, order.fields);
    if (recipient && isSandboxFailingRecipient(recipient)) {
      return { ok: false, reason: `The supplier could not find the recipient ${recipient}.` };
    }
    if (product.category === "platformgift" || product.category === "gamekey") {
      return { ok: true, note: `Delivered ${product.name}.`, items: [{ code: `SANDBOX-${order.id.slice(-8)}`, pin: null, serial: null }] };
    }
    return { ok: true, note: recipient ? `${product.name} x${order.quantity} delivered to ${recipient}.` : `${product.name} x${order.quantity} delivered.`, items: [] };
  },
  async checkRecipient(_product, fields) {
    const recipient = fields.player_id ?? fields.login ?? fields.username ?? fields.friend_link ?? "";
    if (!recipient) return { valid: false, reason: "No recipient given." };
    if (isSandboxFailingRecipient(recipient)) return { valid: false, reason: "No such player or account." };
    return { valid: true, nickname: `Player ${recipient.slice(-4)}` };
  },
};

export function supplierFor(): Supplier {
  return sandboxSupplier;
}
