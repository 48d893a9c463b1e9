"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { ActionState } from "@/lib/panel/action-state";
import { discardJobAction, retryJobAction } from "./actions";

export interface FailedJobRow {
  id: number;
  kind: string;
  attempts: number;
  error: string;
  failedAt: string;
}

/**
 * The failed jobs with Retry and Discard. The outcome is shown above the table, which one action's
 * row leaves once it is done, so the message stays after its row (or the last one) has gone.
 */
export function FailedJobsTable({ jobs }: { jobs: FailedJobRow[] }) {
  const [retried, retry] = useActionState<ActionState, FormData>(retryJobAction, { ok: false });
  const [discarded, discard] = useActionState<ActionState, FormData>(discardJobAction, { ok: false });
  const outcomes = [retried, discarded].filter((state) => state.message);
  return (
    <>
      {outcomes.map((state) => (
        <Alert key={state.message} tone={state.ok ? "success" : "error"} className="mx-4 mt-4 sm:mx-6">
          {state.message}
        </Alert>
      ))}
      {jobs.length === 0 ? (
        <EmptyState title="No failed jobs">Every job so far has finished or is still being tried.</EmptyState>
      ) : (
        <Table>
          <THead>
            <Tr>
              <Th>Job</Th>
              <Th>Failed</Th>
              <Th>Error</Th>
              <Th align="right">Action</Th>
            </Tr>
          </THead>
          <TBody>
            {jobs.map((job) => (
              <Tr key={job.id}>
                <Td>
                  <span className="font-medium text-slate-900">{job.kind}</span>
                  <span className="block text-xs text-slate-500">
                    #{job.id} · {job.attempts} {job.attempts === 1 ? "attempt" : "attempts"}
                  </span>
                </Td>
                <Td label="Failed" className="whitespace-nowrap text-slate-600">
                  {job.failedAt}
                </Td>
                <Td label="Error" text>
                  <span className="text-xs break-words text-red-700" data-testid="failed-job-error">
                    {job.error}
                  </span>
                </Td>
                <Td label="Action" align="right">
                  <div className="flex flex-wrap justify-end gap-2">
                    <form action={retry} aria-label={`Retry job ${job.id}`}>
                      <input type="hidden" name="id" value={job.id} />
                      <ConfirmButton variant="primary" confirmLabel="Retry now" question={`Run ${job.kind} #${job.id} again now?`}>
                        Retry
                      </ConfirmButton>
                    </form>
                    <form action={discard} aria-label={`Discard job ${job.id}`}>
                      <input type="hidden" name="id" value={job.id} />
                      <ConfirmButton confirmLabel="Discard job" question={`Discard ${job.kind} #${job.id}? What it was to do will not be done.`}>
                        Discard
                      </ConfirmButton>
                    </form>
                  </div>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </>
  );
}
