import { apiHandler, ApiReply } from "@/lib/api/handler";
import { createPaymentOp, listPaymentsOp } from "@/lib/api/operations/payments";
import { createPayment, listPayments } from "@/lib/payments/payments";
import { toPaymentRecord } from "@/lib/payments/serialize";

// POST /api/v2/payments - a USDT (TRC-20) top-up invoice to the caller's deposit address
export const POST = apiHandler(createPaymentOp, async ({ db, caller, body }) => {
  const { payment, transfers } = await createPayment(db, caller.userId, body.amount, caller.actor);
  return new ApiReply(toPaymentRecord(payment, transfers), 201, { Location: `/api/v2/payments/${payment.id}` });
});

// GET /api/v2/payments - the caller's invoices, newest first
export const GET = apiHandler(listPaymentsOp, async ({ db, caller, query }) => {
  const page = await listPayments(db, { userId: caller.userId, ...query });
  return { data: page.data.map(({ payment, transfers }) => toPaymentRecord(payment, transfers)), next_cursor: page.nextCursor };
});
