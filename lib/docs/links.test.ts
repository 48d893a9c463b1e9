import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The documents a reader of the repository follows links through. */
const DOCUMENTS = [
  "README.md",
  "CHANGELOG.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Text outside fenced code blocks and code spans, where a `[x](y)` is code, not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** Each relative link (and image) of `source`, the text of `document`, that leads nowhere in the repository, with why. */
function brokenLinks(document: string, source = readFileSync(path.join(ROOT, document), "utf8")): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(source).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [file, anchor] = target.split("#", 2);
    if (file === "") {
      if (!headingAnchors(source).has(anchor)) broken.push(`${target}: no such heading`);
      continue;
    }
    const resolved = path.resolve(path.dirname(path.join(ROOT, document)), decodeURIComponent(file));
    if (path.relative(ROOT, resolved).startsWith("..")) {
      broken.push(`${target}: outside the repository`);
      continue;
    }
    if (!existsSync(resolved)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith(".md") && statSync(resolved).isFile() && !headingAnchors(readFileSync(resolved, "utf8")).has(anchor)) {
      broken.push(`${target}: no such heading`);
    }
  }
  return broken;
}

describe("documentation links", () => {
  it.each(DOCUMENTS)("in %s lead to a file of the repository, and to a heading of it when they name one", (document) => {
    expect(brokenLinks(document)).toEqual([]);
  });

  it("that lead nowhere are reported, and code is not taken for a link", () => {
    const source = [
      "# Example\n[ok](architecture.md#the-postgresjs-patch) ![shot](screenshot.png) [web](https://example.com/x.md) [top](#example)",
      "[gone](API.md) [out](../../outside.md) [lost](api.md#no-such-heading) [here](#nowhere)",
      "`[code](spans.md)`",
      "```",
      "[fenced](blocks.md)",
      "```",
    ].join("\n");
    expect(brokenLinks("docs/example.md", source)).toEqual([
      "API.md: no such file",
      "../../outside.md: outside the repository",
      "api.md#no-such-heading: no such heading",
      "#nowhere: no such heading",
    ]);
  });

  it("name a heading by the anchor GitHub gives it", () => {
    expect(headingAnchors("## The postgres.js patch\n## Runs of earlier sessions' code\n## A\n## A")).toEqual(
      new Set(["the-postgresjs-patch", "runs-of-earlier-sessions-code", "a", "a-1"]),
    );
  });
});
