import { z } from "zod";
import { AUDIT_ACTIONS } from "@/lib/audit/actions";
import { auditEntrySchema } from "@/lib/audit/serialize";
import { isIdOf } from "@/lib/ids/ids";
import { createdTimeQuery, listResponse, paginationQuery } from "../common-schemas";
import { defineOperation } from "../operation";

export const listAuditLogOp = defineOperation({
  operationId: "listAuditLog",
  summary: "The account's audit log, newest first",
  description: "Every change made on the account in the panel or the API: who (a member, or a key), what, when, and from which IP.",
  tag: "Account",
  method: "GET",
  path: "/api/v2/audit-log",
  category: "account_read",
  auth: "reseller",
  scope: "account:read",
  query: paginationQuery("aud").extend({
    action: z.enum(AUDIT_ACTIONS).optional().meta({ description: "Only changes of this kind." }),
    actor: z
      .string()
      .refine((id) => isIdOf("key", id) || isIdOf("usr", id), "Must be an API key's id (key_...) or a member's id (usr_...).")
      .optional()
      .meta({ description: "Only changes made with this key (`key_...`) or by this member (`usr_...`).", example: "key_01JD4X0000ABCDEFGHJKMNPQRS" }),
    ...createdTimeQuery,
  }),
  response: listResponse(auditEntrySchema),
});

export const auditLogOperations = [listAuditLogOp];
