"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { discardFailedJob, retryFailedJob } from "@/lib/jobs/failed-jobs";
import { panelAction } from "@/lib/panel/panel-action";

const aJob = z.object({ id: z.coerce.number({ error: "Choose a job." }).int("Choose a job.").positive("Choose a job.") });

export const retryJobAction = panelAction({ role: "admin", input: aJob }, async ({ input }) => {
  const job = await retryFailedJob(db(), input.id);
  revalidatePath("/admin/system");
  return { ok: true, message: `Job ${job.id} (${job.kind}) is due again and runs at a worker's next poll.` };
});

export const discardJobAction = panelAction({ role: "admin", input: aJob }, async ({ input }) => {
  const job = await discardFailedJob(db(), input.id);
  revalidatePath("/admin/system");
  return { ok: true, message: `Job ${job.id} (${job.kind}) is discarded.` };
});
