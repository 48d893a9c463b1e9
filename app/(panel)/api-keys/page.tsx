import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PendingLink } from "@/components/ui/pending-link";
import { apiKeyCap, listApiKeys } from "@/lib/api-keys/manage-keys";
import { API_SCOPES } from "@/lib/api-keys/scopes";
import { requireCapability } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { clientOrigin } from "@/lib/http/client-origin";
import { formatDateTime } from "@/lib/panel/format";
import { CreateKeyForm } from "./create-key-form";
import { RevokeKeyForm } from "./revoke-key-form";

export const metadata: Metadata = { title: "API keys" };

/** The address the reseller reached the panel at, for the example call; a request without Host is no browser's. */
async function requestOrigin(): Promise<string> {
  return clientOrigin(await headers()) ?? "http://localhost:3000";
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm wrap-anywhere text-slate-800">{children}</dd>
    </div>
  );
}

export default async function ApiKeysPage() {
  const { account: user } = await requireCapability("api_keys");
  const [keys, origin] = await Promise.all([listApiKeys(db(), user.id), requestOrigin()]);
  const activeCount = keys.filter((key) => !key.revokedAt).length;
  const cap = apiKeyCap();

  return (
    <>
      <PageHeader title="API keys" description="Keys let your shop call the API on your behalf. Each key is shown once, when you create it." />

      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <CardHeader title="Create a key" description="Give each integration its own key, so you can revoke one without touching the others." />
          <CardBody>
            <CreateKeyForm origin={origin} activeKeyIds={keys.filter((key) => !key.revokedAt).map((key) => key.id)} />
          </CardBody>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader title="Using a key" />
          <CardBody className="space-y-3 text-sm text-slate-600">
            <p>
              Send the key in the <code className="rounded bg-slate-100 px-1 font-mono text-xs">X-API-Key</code> header (or as{" "}
              <code className="rounded bg-slate-100 px-1 font-mono text-xs">Authorization: Bearer</code>):
            </p>
            <pre className="rounded-md bg-slate-900 px-3 py-2 text-xs break-all whitespace-pre-wrap text-slate-100">
              <code>{`curl -H "X-API-Key: <key>" ${origin}/api/v2/balance`}</code>
            </pre>
            <p>
              Keep keys on your server, never in a browser or app. See the{" "}
              <PendingLink href="/docs" className="font-medium text-brand-600 hover:text-brand-700">
                API reference
              </PendingLink>{" "}
              for every endpoint.
            </p>
          </CardBody>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader
          title="Your keys"
          description={`${activeCount} of ${cap} active keys in use, ${keys.length - activeCount} revoked. Revoke a key you no longer use to free its place.`}
        />
        {keys.length === 0 ? (
          <EmptyState title="No API keys yet">Create a key above to start calling the API.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {keys.map((key) => (
              <li key={key.id} className="px-4 py-4 sm:px-6" data-testid="api-key-row">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex min-w-0 items-center gap-2">
                    <p className="truncate font-medium text-slate-900">{key.name}</p>
                    {key.revokedAt ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Active</Badge>}
                  </div>
                  {key.revokedAt ? null : <RevokeKeyForm keyId={key.id} keyName={key.name} />}
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
                  <Detail label="Key">
                    <code className="font-mono text-xs">{key.prefix}…</code>
                  </Detail>
                  <Detail label="Created">{formatDateTime(key.createdAt)}</Detail>
                  <Detail label="Last used">
                    {key.lastUsedAt ? (
                      <>
                        {formatDateTime(key.lastUsedAt)}
                        {key.lastUsedIp ? <span className="block font-mono text-xs text-slate-500">from {key.lastUsedIp}</span> : null}
                      </>
                    ) : (
                      "Never"
                    )}
                  </Detail>
                  <Detail label="IP allowlist">
                    {key.allowedIps.length === 0 ? "Any IP" : <span className="font-mono text-xs">{key.allowedIps.join(", ")}</span>}
                  </Detail>
                </dl>
                <div className="mt-3">
                  <p className="text-xs font-medium text-slate-500">Scopes</p>
                  {key.scopes.length === API_SCOPES.length ? (
                    <p className="mt-0.5 text-sm text-slate-800" data-testid="api-key-scopes">
                      All scopes
                    </p>
                  ) : (
                    <ul className="mt-1 flex flex-wrap gap-1.5" data-testid="api-key-scopes" aria-label={`Scopes of ${key.name}`}>
                      {key.scopes.map((scope) => (
                        <li key={scope}>
                          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{scope}</code>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                {key.revokedAt ? <p className="mt-2 text-xs text-slate-500">Revoked {formatDateTime(key.revokedAt)}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
