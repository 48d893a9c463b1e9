import { getSessionUser } from "@/lib/auth/session";
import { config } from "@/lib/config/env";
import { database } from "@/lib/db/client";
import { backupEmbeddedDatabase } from "@/lib/maintenance/backup";

export const dynamic = "force-dynamic";

const refusal = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** GET /admin/backups/download - the embedded database, with its generated key, as a gzip tarball that npm run cli -- restore takes. */
export async function GET(): Promise<Response> {
  const user = await getSessionUser();
  if (!user) return refusal(401, "Sign in as an admin to download a backup.");
  if (user.role !== "admin") return refusal(403, "Only an admin can download a backup.");
  const cfg = config();
  if (cfg.DATABASE_URL) return refusal(409, "The database is Postgres: back it up with pg_dump, as the Backups page describes.");
  const backup = await backupEmbeddedDatabase(database(), cfg);
  return new Response(new Uint8Array(backup.archive), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${backup.fileName}"`,
      "Content-Length": String(backup.archive.length),
      "Cache-Control": "no-store",
    },
  });
}
