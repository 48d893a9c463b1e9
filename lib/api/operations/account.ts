import { z } from "zod";
import { LEDGER_ENTRY_TYPES, TIERS } from "@/lib/db/schema";
import { transactionSchema } from "@/lib/ledger/serialize";
import { createdTimeQuery, listResponse, paginationQuery, resourceId } from "../common-schemas";
import { moneyString, timestampString } from "@/lib/records/fields";
import { defineOperation } from "../operation";

export const meSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    tier: z.enum(TIERS),
    created_at: timestampString,
  })
  .meta({ id: "Account" });

export const balanceSchema = z.object({ balance: moneyString, currency: z.literal("USD") }).meta({ id: "Balance" });

export const getMeOp = defineOperation({
  operationId: "getMe",
  summary: "The calling reseller's profile",
  tag: "Account",
  method: "GET",
  path: "/api/v2/me",
  resellerPath: "/api/me",
  category: "account_read",
  auth: "reseller",
  scope: "account:read",
  response: meSchema,
});

export const getBalanceOp = defineOperation({
  operationId: "getBalance",
  summary: "The calling reseller's balance",
  tag: "Account",
  method: "GET",
  path: "/api/v2/balance",
  resellerPath: "/api/balance",
  category: "account_read",
  auth: "reseller",
  scope: "account:read",
  response: balanceSchema,
});

export const listTransactionsOp = defineOperation({
  operationId: "listTransactions",
  summary: "The calling reseller's transactions, newest first",
  description: "Every balance change is a transaction; their amounts add up to the balance. Filter by `type` or creation time (`from`, `to`, inclusive).",
  tag: "Account",
  method: "GET",
  path: "/api/v2/transactions",
  resellerPath: "/api/transactions",
  category: "account_read",
  auth: "reseller",
  scope: "account:read",
  query: paginationQuery("txn").extend({
    type: z.enum(LEDGER_ENTRY_TYPES).optional(),
    ...createdTimeQuery,
  }),
  response: listResponse(transactionSchema),
});

export const getTransactionOp = defineOperation({
  operationId: "getTransaction",
  summary: "One transaction",
  tag: "Account",
  method: "GET",
  path: "/api/v2/transactions/{transactionId}",
  resellerPath: "/api/transaction/{transactionId}",
  category: "account_read",
  auth: "reseller",
  scope: "account:read",
  params: z.object({ transactionId: resourceId("txn_01JD4X0000ABCDEFGHJKMNPQRS") }),
  response: transactionSchema,
  errors: ["not_found"],
});
