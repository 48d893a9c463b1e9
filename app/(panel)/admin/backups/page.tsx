import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireAdmin } from "@/lib/auth/session";
import { config } from "@/lib/config/env";
import { backupCarriesKey } from "@/lib/maintenance/backup";

export const metadata: Metadata = { title: "Backups" };

const code = "block whitespace-pre-wrap break-all rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs text-slate-100";

export default async function BackupsPage() {
  await requireAdmin();
  const cfg = config();
  if (cfg.DATABASE_URL) {
    return (
      <>
        <PageHeader title="Backups" description="The database is Postgres: back it up with its own tools, on the database server's version." />
        <Card>
          <CardHeader title="Back up and restore Postgres" />
          <CardBody className="space-y-3 text-sm text-slate-700">
            <p>Back up with pg_dump of the same major version as the server, in its custom format:</p>
            <code className={code}>pg_dump -Fc --no-owner -d &quot;$DATABASE_URL&quot; -f panel.dump</code>
            <p>Restore into a new, empty database, point DATABASE_URL at it, and check it before starting the panel:</p>
            <code className={code}>{`createdb panel_restored\npg_restore --no-owner -d panel_restored panel.dump\nnpm run cli -- restore:check`}</code>
            <p className="font-medium text-slate-900" data-testid="backup-key-reminder">
              Keep ENCRYPTION_KEY with every dump: without it the stock codes, delivered codes and webhook secrets in it cannot be read. restore:check says
              whether the key opens the restored data.
            </p>
          </CardBody>
        </Card>
      </>
    );
  }
  const carriesKey = backupCarriesKey(cfg);
  return (
    <>
      <PageHeader
        title="Backups"
        description="A copy of the embedded database, taken while the panel runs: it holds every commit made before the download started."
        action={
          <a
            href="/admin/backups/download"
            className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
            data-testid="backup-download"
            download
          >
            Download backup
          </a>
        }
      />
      <Card>
        <CardHeader title="Keeping and restoring it" />
        <CardBody className="space-y-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900" data-testid="backup-key-reminder">
            {carriesKey
              ? "The backup carries the encryption key generated for this panel, which opens its stock codes, delivered codes and webhook secrets: keep the file as safe as the key itself."
              : "The backup does not carry ENCRYPTION_KEY, which is set in the environment: keep that key with the backup, or its stock codes, delivered codes and webhook secrets cannot be read after a restore."}
          </p>
          <p>To restore, stop the panel and run, with the same DATA_DIR:</p>
          <code className={code}>npm run cli -- restore --in reseller-panel-backup-….tar.gz</code>
          <p>
            A data directory that already holds a database is left alone unless you add --replace, which moves that database aside instead of deleting it. The
            restore checks that the key opens the data and that balances equal their ledgers, and says what it did.
          </p>
        </CardBody>
      </Card>
    </>
  );
}
