import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { Claim, ClaimMessage } from "@/lib/db/schema";
import { formatDateTime } from "@/lib/panel/format";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The claim as forwarded to the upstream that fulfilled the order: where it stands there, what went
 * wrong last, and what the upstream's support wrote (our admins read it; the reseller does not).
 */
export function UpstreamClaimCard({ claim, supplierName, messages }: { claim: Claim; supplierName: string; messages: ClaimMessage[] }) {
  return (
    <Card>
      <CardHeader title="Forwarded to the supplier" description={`${supplierName} fulfilled this order; its answer is applied here unless you answer first.`} />
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-1 gap-3" data-testid="claim-upstream">
          <Fact label="Forwarded">{claim.forwardedAt ? formatDateTime(claim.forwardedAt) : "not yet"}</Fact>
          <Fact label="Their claim">
            <span className="font-mono text-xs break-all">{claim.upstreamClaimId ?? "none yet"}</span>
          </Fact>
          <Fact label="Their status">
            <span data-testid="claim-upstream-status">{claim.upstreamStatus ?? "unknown"}</span>
            {claim.upstreamCheckedAt ? <span className="block text-xs text-slate-500">read {formatDateTime(claim.upstreamCheckedAt)}</span> : null}
          </Fact>
          {claim.upstreamNote ? <Fact label="Their note">{claim.upstreamNote}</Fact> : null}
          <Fact label="Last error">{claim.upstreamError ? <span className="text-red-700">{claim.upstreamError}</span> : "none"}</Fact>
        </dl>
        {messages.length > 0 ? (
          <div>
            <p className="text-xs font-medium text-slate-500 uppercase">Their support wrote</p>
            <ul className="mt-1 space-y-2 text-sm" data-testid="claim-upstream-messages">
              {messages.map((message) => (
                <li key={message.id} className="rounded-md bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap">
                  {message.text}
                  <span className="block text-xs text-slate-500">{formatDateTime(message.createdAt)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
