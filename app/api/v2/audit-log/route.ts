import { apiHandler } from "@/lib/api/handler";
import { listAuditLogOp } from "@/lib/api/operations/audit-log";
import { listAuditLog } from "@/lib/audit/list-audit-log";
import { toAuditRecord } from "@/lib/audit/serialize";

// GET /api/v2/audit-log - the changes made on the caller's account, newest first
export const GET = apiHandler(listAuditLogOp, async ({ db, caller, query }) => {
  const page = await listAuditLog(db, caller.userId, {
    ...query,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  });
  return { data: page.data.map(toAuditRecord), next_cursor: page.nextCursor };
});
