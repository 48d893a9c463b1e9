import { Button } from "@/components/ui/button";

export interface FailureProps {
  error: Error & { digest?: string };
  retry: () => void;
}

/**
 * What a page that failed to render says, wherever it is shown. A page only reads, so the failure
 * itself moved no money; but an order or payment just confirmed may have gone through before the next
 * page failed, and paying again before looking would pay twice.
 */
export function FailureMessage({ error, retry }: FailureProps) {
  return (
    <div className="flex flex-col items-center text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-2 max-w-md text-sm text-slate-600">
        This page could not be loaded. It was not something you did; try again in a moment. If you had just confirmed an order or a payment, look
        for it under Orders or Balance before you send it again.
      </p>
      <Button variant="primary" className="mt-6" onClick={() => retry()}>
        Try again
      </Button>
      {error.digest ? <p className="mt-4 text-xs text-slate-500">Reference for support: {error.digest}</p> : null}
    </div>
  );
}
