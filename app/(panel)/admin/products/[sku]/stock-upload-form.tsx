"use client";

import { startTransition, useState, type ChangeEvent, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TextAreaField } from "@/components/ui/field";
import { useLatestOutcome } from "@/components/ui/use-latest-outcome";
import { planStockUpload, stockUploadQuestion } from "@/lib/catalog/stock-lines";
import type { ActionState } from "@/lib/panel/action-state";
import { uploadStockAction, type StockUploadResult } from "../actions";

const MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Paste codes (or read a CSV file into the box, in the browser) and add them to the product's stock,
 * once the admin has confirmed how many go to which product. With no code in the box there is nothing
 * to confirm: the server says what is wrong.
 */
export function StockUploadForm({ sku, name }: { sku: string; name: string }) {
  const [codes, setCodes] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const { state, dispatch, pending, supersede } = useLatestOutcome<ActionState<StockUploadResult>>(
    async (previous, form) => {
      const result = await uploadStockAction(previous, form);
      if (result.ok) setCodes("");
      return result;
    },
    { ok: false },
  );

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError("The file is over 2 MB; split it into smaller uploads.");
      supersede();
      return;
    }
    const text = await file.text();
    setCodes((current) => (current.trim() ? `${current.replace(/\s+$/, "")}\n${text}` : text));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFileError(null);
    supersede();
    startTransition(() => dispatch(form));
  }

  const lineCount = codes.split(/\r?\n/).filter((line) => line.trim()).length;
  const plan = planStockUpload(codes);
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label="Upload stock">
      <input type="hidden" name="sku" value={sku} />
      {state.message ? (
        <Alert tone={state.ok ? (state.data && (state.data.duplicates > 0 || state.data.invalid.length > 0) ? "warning" : "success") : "error"}>
          <span data-testid="stock-upload-result">{state.message}</span>
        </Alert>
      ) : null}
      <TextAreaField
        id="stock-codes"
        name="codes"
        label="Codes"
        rows={8}
        placeholder={"AAAAA-BBBBB-CCCCC\nAAAAA-BBBBB-DDDDD,1234\nAAAAA-BBBBB-EEEEE,1234,SN-0001"}
        value={codes}
        onChange={(event) => setCodes(event.target.value)}
        error={!state.ok ? state.fieldErrors?.codes : undefined}
        hint="One code per line: CODE, CODE,PIN or CODE,PIN,SERIAL. A header line “code,pin,serial” is skipped."
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <label htmlFor="stock-file" className="text-sm font-medium text-brand-600 hover:text-brand-700">
            <span className="cursor-pointer underline-offset-2 hover:underline">Choose a CSV file…</span>
          </label>
          <input id="stock-file" type="file" accept=".csv,.txt,text/csv,text/plain" onChange={readFile} className="sr-only" />
          {fileError ? <p className="mt-1 text-sm text-red-600">{fileError}</p> : null}
        </div>
        <span className="text-sm text-slate-500 tabular-nums">
          {lineCount} {lineCount === 1 ? "line" : "lines"}
        </span>
      </div>
      {plan.codes > 0 ? (
        <ConfirmButton
          variant="primary"
          pending={pending}
          confirmLabel={`Add ${plan.codes} ${plan.codes === 1 ? "code" : "codes"}`}
          question={stockUploadQuestion(name, plan)}
        >
          Add codes
        </ConfirmButton>
      ) : (
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          Add codes
        </Button>
      )}
    </form>
  );
}
