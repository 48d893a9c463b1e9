import { apiHandler } from "@/lib/api/handler";
import { getPaymentOp } from "@/lib/api/operations/payments";
import { getPayment } from "@/lib/payments/payments";
import { toPaymentRecord } from "@/lib/payments/serialize";

// GET /api/v2/payments/{paymentId} - one invoice of the caller, with its transfers
export const GET = apiHandler(getPaymentOp, async ({ db, caller, params }) => {
  const { payment, transfers } = await getPayment(db, caller.userId, params.paymentId);
  return toPaymentRecord(payment, transfers);
});
