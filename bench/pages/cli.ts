/*
 * `npm run bench -- --pages` from bench/run.ts: the page audit alone (bench/pages/run-pages.ts), its
 * table printed and written to bench-results/pages.md, every child process ended on the way out.
 */
import { cleanupAll, LOGS } from "../lib/harness";

/** "--page /webhooks --page /orders/[id]" -> ["/webhooks", "/orders/[id]"]. */
function valuesOf(argv: string[], flag: string): string[] {
  return argv.flatMap((arg, i) => (arg === flag && argv[i + 1] ? [argv[i + 1]] : []));
}

export function runPagesFromCli(argv: string[]): void {
  const runs = valuesOf(argv, "--runs")[0];
  import("./run-pages")
    .then(({ mainPages }) => mainPages({ quick: argv.includes("--quick"), only: valuesOf(argv, "--page"), runs: runs ? Number(runs) : undefined }))
    .then(async ({ markdown }) => {
      await cleanupAll();
      console.log(`\n${markdown}\nwritten to bench-results/pages.md (and pages.json)`);
      process.exit(0);
    })
    .catch(async (error: unknown) => {
      console.error("[bench] failed:", error);
      console.error(`[bench] server logs: ${LOGS}`);
      await cleanupAll();
      process.exit(1);
    });
}
