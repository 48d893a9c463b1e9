import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation } from "../operation";
import { operations } from ".";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MODULES: Record<string, Record<string, unknown>> = {
  account: await import("./account"),
  "audit-log": await import("./audit-log"),
  catalog: await import("./catalog"),
  claims: await import("./claims"),
  notifications: await import("./notifications"),
  orders: await import("./orders"),
  payments: await import("./payments"),
  subscription: await import("./subscription"),
  webhooks: await import("./webhooks"),
};

/** The route file Next serves a path from: `{orderId}` is the folder `[orderId]`. */
function routeFileOf(apiPath: string): string {
  return path.join(ROOT, "app", apiPath.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
}

/** The file that defines a method's handler, following `export { GET } from "..."` re-exports. */
function handlerFile(file: string, method: string): { file: string; text: string } {
  const text = readFileSync(file, "utf8");
  const reexport = new RegExp(`export \\{[^}]*\\b${method}\\b[^}]*\\} from "([^"]+)"`).exec(text);
  return reexport ? handlerFile(path.resolve(path.dirname(file), `${reexport[1]}.ts`), method) : { file, text };
}

/** The operation a method's handler is made with: `export const GET = apiHandler(x, ...)`, x imported from an operations module. */
function operationServed(file: string, method: string): Operation | null {
  const { text } = handlerFile(file, method);
  const handler = new RegExp(`export const ${method} = apiHandler\\(\\s*(\\w+)`).exec(text);
  if (!handler) return null;
  const imported = new RegExp(`import \\{[^}]*\\b${handler[1]}\\b[^}]*\\} from "@/lib/api/operations/([\\w-]+)"`).exec(text);
  return imported ? ((MODULES[imported[1]]?.[handler[1]] as Operation | undefined) ?? null) : null;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

describe("each operation and the route that serves it", () => {
  it("has a route file at its path, and at its reseller-API path, whose handler is made with that very operation", () => {
    for (const operation of operations) {
      for (const apiPath of [operation.path, operation.resellerPath].filter((p): p is string => Boolean(p))) {
        const file = routeFileOf(apiPath);
        expect(existsSync(file), `${operation.operationId}: ${path.relative(ROOT, file)}`).toBe(true);
        expect(operationServed(file, operation.method)?.operationId, `${operation.operationId} at ${apiPath}`).toBe(operation.operationId);
      }
    }
  });

  it("has no API route made with an operation that does not name its path", () => {
    const served = new Set(
      operations.flatMap((operation) => [operation.path, operation.resellerPath].filter(Boolean).map((p) => `${operation.method} ${routeFileOf(p!)}`)),
    );
    for (const file of routeFiles(path.join(ROOT, "app/api"))) {
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        const operation = operationServed(file, method);
        if (operation) expect(served.has(`${method} ${file}`), `${method} ${path.relative(ROOT, file)} is made with ${operation.operationId}`).toBe(true);
      }
    }
  });
});
