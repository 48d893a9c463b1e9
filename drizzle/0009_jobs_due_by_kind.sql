DROP INDEX "jobs_ready_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("kind","run_at","id") WHERE "jobs"."status" = 'pending';