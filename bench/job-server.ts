// The Nexo server with the bench's trivial job registered (the job throughput bar): the same
// main as `npm start`, run from the sources by tsx.
import { registerTestJob } from "#server/jobs/job-handlers.ts";
import { benchTrivialJob } from "./bench-job.ts";

registerTestJob(benchTrivialJob);
await import("#server/main.ts");
