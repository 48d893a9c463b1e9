import { registerRecurringSweep } from "@/lib/jobs/registry";
import { pruneEndedSessions } from "./ended-sessions";

registerRecurringSweep("sessions.prune-ended", 60 * 60_000, pruneEndedSessions);
