import { CLAIM_REASON_LABELS } from "@/components/claims/claim-status-badge";
import type { ClaimReason } from "@/lib/db/schema";

/** What the reseller reported, and the screenshot they attached. */
export function ClaimFacts({ reason, message, imageHref }: { reason: ClaimReason; message: string; imageHref: string | null }) {
  return (
    <dl className="space-y-3 text-sm">
      <div>
        <dt className="text-xs font-medium text-slate-500">Reason</dt>
        <dd className="text-slate-900" data-testid="claim-reason">
          {CLAIM_REASON_LABELS[reason]}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-medium text-slate-500">Message</dt>
        <dd className="wrap-anywhere whitespace-pre-wrap text-slate-900">{message}</dd>
      </div>
      {imageHref ? (
        <div>
          <dt className="text-xs font-medium text-slate-500">Screenshot</dt>
          <dd>
            <a href={imageHref} target="_blank" rel="noreferrer" className="inline-block">
              {/* eslint-disable-next-line @next/next/no-img-element -- a private image behind the session, which next/image cannot fetch */}
              <img
                src={imageHref}
                alt="The screenshot attached to the claim"
                className="mt-1 max-h-64 min-h-16 min-w-16 rounded-md border border-slate-200 object-contain"
                data-testid="claim-image"
              />
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
