import { z } from "zod";
import { PAYMENT_STATUSES } from "@/lib/db/schema";
import { paymentSchema } from "@/lib/payments/serialize";
import { listResponse, moneyInput, paginationQuery, resourceId } from "../common-schemas";
import { defineOperation } from "../operation";

const amountInput = moneyInput
  .refine((micros) => micros > 0n, "Must be more than 0.")
  .meta({
    description:
      'USDT to send (1:1 with USD) as a JSON string of digits such as "100" or "25.50", at most 6 fraction digits, no sign, exponent, padding or leading zero; ' +
      "within the operator's minimum and maximum.",
    example: "100",
  });

const TOPUP_DESCRIPTION =
  "Creates a USDT (TRC-20) invoice to your own permanent deposit address, open for the operator's PAYMENT_TTL (60 minutes by default). " +
  "Send USDT on TRON to `address`; the invoice follows the chain: confirming once the transfer is seen, paid once it is final (its block solidified) and credited. " +
  "Every transfer to your address is credited exactly once as a `topup` transaction naming the payment and the transaction hash, whatever its amount above the dust limit: " +
  "an underpayment (partially_paid, open for more until expires_at), an overpayment (the excess too), a late payment or one with no open invoice. " +
  "A transfer counts towards the oldest invoice that was open at its block time and is not yet covered by what has arrived for it. 400 validation_error when the amount is outside the bounds (its message names them).";

export const createPaymentOp = defineOperation({
  operationId: "createPayment",
  summary: "Top up the balance with USDT (TRC-20)",
  description: TOPUP_DESCRIPTION,
  tag: "Payments",
  method: "POST",
  path: "/api/v2/payments",
  resellerPath: "/api/balance/topup/usdt-trc20",
  category: "payment_write",
  auth: "reseller",
  scope: "payments:write",
  body: z.strictObject({ amount: amountInput }),
  response: paymentSchema,
  successStatus: 201,
  errors: ["validation_error"],
});

export const listPaymentsOp = defineOperation({
  operationId: "listPayments",
  summary: "The calling reseller's top-up invoices, newest first",
  tag: "Payments",
  method: "GET",
  path: "/api/v2/payments",
  category: "default",
  auth: "reseller",
  scope: "account:read",
  query: paginationQuery("pay").extend({ status: z.enum(PAYMENT_STATUSES).optional() }),
  response: listResponse(paymentSchema),
});

export const getPaymentOp = defineOperation({
  operationId: "getPayment",
  summary: "One top-up invoice, with the transfers counted towards it",
  description: "Poll it (every few seconds at most) to follow an invoice; the panel does.",
  tag: "Payments",
  method: "GET",
  path: "/api/v2/payments/{paymentId}",
  category: "default",
  auth: "reseller",
  scope: "account:read",
  params: z.strictObject({ paymentId: resourceId("pay_01JD4X0000ABCDEFGHJKMNPQRS") }),
  response: paymentSchema,
  errors: ["not_found"],
});

export const paymentOperations = [createPaymentOp, listPaymentsOp, getPaymentOp];
