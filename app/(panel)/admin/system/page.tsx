import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader, Stat } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { requireAdmin } from "@/lib/auth/session";
import { config } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { jobBacklog } from "@/lib/jobs/backlog";
import { countFailedJobs, listFailedJobs } from "@/lib/jobs/failed-jobs";
import { migrationState } from "@/lib/migrations/applied";
import { formatDateTime, formatSeconds } from "@/lib/panel/format";
import { watcherHealth, WATCHER_LAG_ALERT_SECONDS } from "@/lib/payments/watcher-health";
import { rateLimitStore } from "@/lib/ratelimit/limiter";
import { checkHealth } from "@/lib/server/health";
import { appVersion, recentInstances, RECENTLY_SEEN_MS } from "@/lib/server/instances";
import { FailedJobsTable } from "./failed-jobs-table";

export const metadata: Metadata = { title: "System" };

const link = "font-medium text-brand-600 hover:text-brand-700 hover:underline";
const muted = <span className="text-slate-500">never</span>;

export default async function SystemPage() {
  await requireAdmin();
  const cfg = config();
  const [health, instances, backlog, failed, failedCount, watcher, migrations] = await Promise.all([
    checkHealth({ db: db(), rateLimits: cfg.REDIS_URL ? rateLimitStore() : null, stopping: () => false }),
    recentInstances(db()),
    jobBacklog(db()),
    listFailedJobs(db()),
    countFailedJobs(db()),
    watcherHealth(db()),
    migrationState(db()),
  ]);
  const applied = migrations.migrations.filter((migration) => migration.applied);
  const redis = { ok: "Reachable", "in-process": "Not configured", unavailable: "Unavailable" }[health.rate_limits];

  return (
    <>
      <PageHeader
        title="System"
        description="What runs this panel: its instances and workers, the job queue, the chain watcher, and the services they depend on."
      />
      {watcher.lagging ? (
        <Alert tone="warning" className="mb-4" data-testid="system-watcher-alert">
          The chain watcher is {formatSeconds(watcher.lagSeconds)} behind (more than {WATCHER_LAG_ALERT_SECONDS / 60} minutes): deposits to the addresses below
          are not being seen, so top-ups are not credited. Check the errors below and the workers.
        </Alert>
      ) : null}
      <section aria-label="Services" className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="system-services">
        <Stat label="Version" hint={`${applied.length} of ${migrations.migrations.length} migrations applied`}>
          <span data-testid="system-version">{appVersion()}</span>
        </Stat>
        <Stat label={cfg.DATABASE_URL ? "Database: Postgres" : "Database: embedded"} hint={cfg.DATABASE_URL ? "DATABASE_URL" : `PGlite in ${cfg.dataDir}`}>
          <span data-testid="system-database">{health.database === "ok" ? "Reachable" : "Unreachable"}</span>
        </Stat>
        <Stat
          label="Redis"
          hint={
            health.rate_limits === "in-process"
              ? "Rate limits are counted in each instance."
              : health.rate_limits === "ok"
                ? "Rate limits are shared by every instance."
                : "API limits let calls through; sign-in refuses."
          }
        >
          <span data-testid="system-redis">{redis}</span>
        </Stat>
        <Stat label="Chain watcher lag" hint={`${watcher.addresses} ${watcher.addresses === 1 ? "address" : "addresses"}, ${watcher.failing} failing`}>
          <span data-testid="system-watcher-lag" className={watcher.lagging ? "text-amber-700" : undefined}>
            {formatSeconds(watcher.lagSeconds)}
          </span>
        </Stat>
      </section>

      <Card className="mb-6">
        <CardHeader
          title="Instances and workers"
          description={`Servers and npm run worker processes seen in the last ${RECENTLY_SEEN_MS / 1000} seconds; each reports every 15 seconds.`}
        />
        {instances.length === 0 ? (
          <EmptyState title="None seen recently">A server or worker shows here within 15 seconds of its start.</EmptyState>
        ) : (
          <Table>
            <THead>
              <Tr>
                <Th>Host</Th>
                <Th>Kind</Th>
                <Th>Process</Th>
                <Th>Version</Th>
                <Th>Started</Th>
                <Th>Last seen</Th>
              </Tr>
            </THead>
            <TBody>
              {instances.map((instance) => (
                <Tr key={instance.id}>
                  <Td text>
                    <span className="font-medium text-slate-900">{instance.host}</span>
                  </Td>
                  <Td label="Kind">
                    <Badge tone={instance.kind === "server" ? "blue" : "neutral"}>{instance.kind}</Badge>
                  </Td>
                  <Td label="Process">pid {instance.pid}</Td>
                  <Td label="Version">{instance.version}</Td>
                  <Td label="Started" className="whitespace-nowrap text-slate-600">
                    {formatDateTime(instance.startedAt)}
                  </Td>
                  <Td label="Last seen" className="whitespace-nowrap text-slate-600">
                    {formatSeconds(instance.seenSecondsAgo)} ago
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>

      <Card className="mb-6">
        <CardHeader title="Job backlog" description="Jobs whose time has come, by kind: waiting for a worker, or running." />
        {backlog.length === 0 ? (
          <EmptyState title="Nothing waiting">Every job whose time has come has been taken by a worker.</EmptyState>
        ) : (
          <Table>
            <THead>
              <Tr>
                <Th>Kind</Th>
                <Th align="right">Waiting</Th>
                <Th align="right">Running</Th>
                <Th align="right">Oldest waiting for</Th>
              </Tr>
            </THead>
            <TBody>
              {backlog.map((row) => (
                <Tr key={row.kind}>
                  <Td>
                    <span className="font-medium text-slate-900">{row.kind}</span>
                  </Td>
                  <Td label="Waiting" align="right">
                    {row.due}
                  </Td>
                  <Td label="Running" align="right">
                    {row.running}
                  </Td>
                  <Td label="Oldest waiting for" align="right">
                    {row.oldestDueSeconds === null ? "–" : formatSeconds(row.oldestDueSeconds)}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>

      <Card className="mb-6">
        <CardHeader
          title={`Failed jobs (${failedCount})`}
          description={
            failedCount > failed.length
              ? `The newest ${failed.length}. Jobs that ran out of attempts stay here until retried or discarded.`
              : "Jobs that ran out of attempts stay here until retried or discarded."
          }
        />
        <FailedJobsTable
          jobs={failed.map((job) => ({
            id: job.id,
            kind: job.kind,
            attempts: job.attempts,
            error: job.lastError ?? "No error was recorded.",
            failedAt: job.failedAt ? formatDateTime(job.failedAt) : "–",
          }))}
        />
      </Card>

      <Card className="mb-6">
        <CardHeader
          title="Chain watcher"
          description={`Each deposit address's last clean scan and last error, the most behind first${watcher.addresses > watcher.shown.length ? ` (${watcher.shown.length} of ${watcher.addresses})` : ""}. A quiet address on the chain is read every 10 minutes; one with an open invoice on every pass.`}
        />
        {watcher.shown.length === 0 ? (
          <EmptyState title="No deposit addresses yet">A reseller&apos;s address is made when they first open Top up.</EmptyState>
        ) : (
          <Table>
            <THead>
              <Tr>
                <Th>Reseller</Th>
                <Th>Last clean scan</Th>
                <Th>Lag</Th>
                <Th>Last error</Th>
              </Tr>
            </THead>
            <TBody>
              {watcher.shown.map((row) => (
                <Tr key={row.userId}>
                  <Td text>
                    <PendingLink href={`/admin/resellers/${row.userId}`} className={link}>
                      {row.email}
                    </PendingLink>
                    <span className="block font-mono text-xs break-all text-slate-500">{row.address}</span>
                  </Td>
                  <Td label="Last clean scan" className="whitespace-nowrap text-slate-600">
                    {row.lastCleanScanAt ? formatDateTime(row.lastCleanScanAt) : muted}
                  </Td>
                  <Td label="Lag" className="whitespace-nowrap">
                    {row.watched && row.lagSeconds > WATCHER_LAG_ALERT_SECONDS ? (
                      <Badge tone="amber">{formatSeconds(row.lagSeconds)}</Badge>
                    ) : (
                      formatSeconds(row.lagSeconds)
                    )}
                  </Td>
                  <Td label="Last error" text>
                    {row.lastScanError ? (
                      <span className="text-xs break-words text-red-700" data-testid="watcher-error">
                        {row.lastScanError}
                        <span className="block text-slate-500">
                          {row.scanFailures} failed {row.scanFailures === 1 ? "scan" : "scans"} in a row
                          {row.lastScanAt ? `, the last ${formatDateTime(row.lastScanAt)}` : ""}
                        </span>
                      </span>
                    ) : (
                      <span className="text-slate-500">none</span>
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>

      <Card>
        <CardHeader
          title="Migrations"
          description={
            migrations.pending.length > 0
              ? `${migrations.pending.length} of this version's migrations are not applied yet: an instance applies them as it starts.`
              : `All ${migrations.migrations.length} of this version's migrations are applied.`
          }
        />
        <details className="px-4 py-3 text-sm sm:px-6">
          <summary className="cursor-pointer text-slate-600">The migrations, oldest first</summary>
          <ol className="mt-2 space-y-0.5 font-mono text-xs" data-testid="system-migrations">
            {migrations.migrations.map((migration) => (
              <li key={migration.tag} className={migration.applied ? "text-slate-600" : "text-amber-700"}>
                {migration.tag}
                {migration.applied ? "" : " (not applied)"}
              </li>
            ))}
          </ol>
        </details>
      </Card>
    </>
  );
}
