/*
 * Summarises V8 CPU profiles (node --cpu-prof) by self time: the top functions and the top packages
 * or source folders. `npm run bench -- --profile` writes one per server into bench-results/profiles.
 *
 *   node --import tsx bench/profile-summary.ts bench-results/profiles/*.cpuprofile [--top 25]
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const topIndex = args.indexOf("--top");
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 25;
const files = args.filter((arg, i) => !arg.startsWith("--") && !(topIndex >= 0 && i === topIndex + 1));

function area(url: string): string {
  if (!url) return "(native / V8)";
  const path = url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) {
    const inner = /node_modules\/next\/dist\/compiled\/([^/]+)/.exec(path);
    return inner ? `next/compiled/${inner[1]}` : pkg[1];
  }
  if (path.startsWith("node:")) return path;
  const own = /^(lib\/[^/]+|app\/[^/]+|bench|\.next\/server\/chunks)/.exec(path);
  return own ? own[1] : path;
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const key = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "")}:${lineNumber + 1}` : ""}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    const where = area(url);
    byArea.set(where, (byArea.get(where) ?? 0) + micros);
  }
  const show = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, micros] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
    }
  };
  console.log(`=== ${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  show("by package or folder (self time)", byArea);
  show("by function (self time)", byFunction);
}
