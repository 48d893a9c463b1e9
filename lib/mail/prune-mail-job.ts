import { registerRecurringSweep } from "@/lib/jobs/registry";
import { pruneMail } from "./prune-mail";

registerRecurringSweep("mail.prune", 60 * 60_000, pruneMail);
