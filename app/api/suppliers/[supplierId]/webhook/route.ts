import { database } from "@/lib/db/client";
import { supplierWebhookResponse } from "@/lib/api/supplier-webhook";

// POST /api/suppliers/{supplierId}/webhook - a supplier's signed order events (no API key: the signature is checked)
export async function POST(request: Request, { params }: { params: Promise<{ supplierId: string }> }): Promise<Response> {
  return supplierWebhookResponse(database().db, request, (await params).supplierId);
}
