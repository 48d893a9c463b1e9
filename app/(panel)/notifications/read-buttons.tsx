"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { markAllReadAction, markReadAction } from "./actions";

function useReadAction(run: () => Promise<{ ok: boolean; message?: string }>) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const act = () =>
    startTransition(async () => {
      const state = await run();
      setError(state.ok ? null : (state.message ?? "That did not work; try again."));
      router.refresh();
    });
  return { pending, error, act };
}

export function MarkReadButton({ id }: { id: string }) {
  const { pending, error, act } = useReadAction(() => markReadAction(id));
  return (
    // Under the text on a phone, beside it from the sm breakpoint.
    <span className="ml-2 flex flex-col items-start gap-1 sm:ml-0 sm:items-end">
      <Button variant="ghost" size="sm" onClick={act} disabled={pending}>
        {pending ? "Marking…" : "Mark read"}
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}

export function MarkAllReadButton() {
  const { pending, error, act } = useReadAction(() => markAllReadAction());
  return (
    <span className="flex flex-col items-end gap-1">
      <Button variant="secondary" onClick={act} disabled={pending}>
        {pending ? "Marking…" : "Mark all read"}
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}
