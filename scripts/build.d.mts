/** The compiled entries, under dist as under the sources. */
export declare const ENTRIES: readonly string[];
/** Which of the two builds (the panel in .next, the server in dist) is missing or older than a source file. */
export declare function staleParts(root: string): { panel: boolean; server: boolean };
/** True when either build is missing, or a source file changed after it was made. */
export declare function buildIsStale(root: string): boolean;
/** Compiles the server, worker and command line into dist. */
export declare function compileServer(root: string): Promise<void>;
/** The command line alone compiled into `outdir` (relative to root); the path of its entry. */
export declare function compileCommandLine(root: string, outdir: string): Promise<string>;
/** Both builds, or with `onlyStale` those that are missing or older than the sources. */
export declare function build(root: string, options?: { onlyStale?: boolean }): Promise<void>;
/** Other entries (the benchmark's servers) compiled into `outdir` (relative to root) as the server is. */
export declare function compileEntries(root: string, entryPoints: string[], outdir: string): Promise<void>;
