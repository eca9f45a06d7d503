import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layer rules, checked over the import graph of `src/`: the domain is pure and stands alone, the
 * web app and the server never import each other (but for the typed client's type-only view of the API), the server's shared infrastructure never imports a
 * capability module, and modules reach each other only through their index. Type-only imports count too: they are coupling all the same. Imports
 * climbing out of their folder use the path aliases (#domain/, #server/, #web/).
 */

const SRC = path.resolve(import.meta.dirname);
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Each file's imports: relative ones resolved to files under src/, others kept as package names. */
function graph(): Map<string, { files: string[]; packages: string[] }> {
  const out = new Map<string, { files: string[]; packages: string[] }>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, "utf8");
    const files: string[] = [];
    const packages: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? "";
      const alias = /^#(domain|server|web)\/(.*)$/.exec(spec);
      if (!spec.startsWith(".") && !alias) {
        packages.push(spec);
        continue;
      }
      const base = alias
        ? path.join(SRC, alias[1] as string, alias[2] as string)
        : path.resolve(path.dirname(file), spec);
      const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
        (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
      );
      files.push(target ?? base);
    }
    out.set(file, { files, packages });
  }
  return out;
}

/** Packages the domain may use: pure code, no I/O. */
const PURE_PACKAGES = new Set(["zod", "csv-stringify/browser/esm/sync"]);

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join("/");
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const imports = graph();

function violations(from: (file: string) => boolean, to: (target: string) => boolean): string[] {
  const found: string[] = [];
  for (const [file, { files }] of imports) {
    if (!from(rel(file))) continue;
    for (const target of files) if (to(rel(target))) found.push(`${rel(file)} → ${rel(target)}`);
  }
  return found;
}

describe("layer rules", () => {
  it("the domain imports nothing outside itself, and no I/O", () => {
    expect(
      violations(
        (f) => f.startsWith("domain/"),
        (t) => !t.startsWith("domain/"),
      ),
    ).toEqual([]);
    const io: string[] = [];
    for (const [file, { packages }] of imports) {
      if (!rel(file).startsWith("domain/") || isTest(file)) continue;
      for (const name of packages) if (!PURE_PACKAGES.has(name)) io.push(`${rel(file)} → ${name}`);
    }
    expect(io).toEqual([]);
  });

  it("one CSV writer: only domain/csv.ts writes CSV (formula leads neutralised, a byte-order mark)", () => {
    const writers: string[] = [];
    for (const [file, { packages }] of imports) {
      if (packages.some((name) => name.startsWith("csv-stringify")) && rel(file) !== "domain/csv.ts")
        writers.push(rel(file));
    }
    expect(writers).toEqual([]);
  });

  it("one clock: only domain/clock.ts turns an instant into a date or knows India's offset", () => {
    // Issue 34: "today" was computed six ways in two time zones, and GST invoices followed the UTC year.
    const FORBIDDEN = [
      /toISOString\(\)\.(?:slice|substring)\(0, ?(?:7|10)\)/,
      /toISOString\(\)\.split\(["']T["']\)/,
      /Asia\/Kolkata/,
      /\b330 ?\* ?60/,
      /19_?800_?000/,
      /getTimezoneOffset\(/,
      /toLocaleDateString\(/,
    ];
    const roots = [SRC, path.resolve(SRC, "../tests")];
    const found: string[] = [];
    for (const file of roots.flatMap(sourceFiles)) {
      if (file === path.join(SRC, "domain/clock.ts") || file === path.join(SRC, "architecture.test.ts")) continue;
      const lines = fs.readFileSync(file, "utf8").split("\n");
      lines.forEach((line, i) => {
        if (FORBIDDEN.some((pattern) => pattern.test(line))) found.push(`${path.relative(SRC, file)}:${i + 1}`);
      });
    }
    expect(found).toEqual([]);
  });

  it("one money module: only domain/money.ts formats or parses rupees, or writes the share formula", () => {
    // Issue 34: money was formatted five ways ("Rs.", "INR ", toFixed(2), …).
    const FORBIDDEN = [
      /\/ ?100\)\.toFixed\(/,
      /["'`]Rs\.? ?\$?\{?/,
      /["'`]INR ["'`$]/,
      /style: ["']currency["']/,
      /Number\([^)]*\) ?\* ?100\)/,
      /\+ ?50\) ?\/ ?100/,
    ];
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (isTest(file) || /domain\/money\.ts$|server\/demo\//.test(file)) continue;
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (FORBIDDEN.some((pattern) => pattern.test(line))) found.push(`${rel(file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("periodic server work runs on the job queue: no timers of its own outside it", () => {
    // Issue 34: an hourly closure and an acknowledgement timer ran beside the queue in every process.
    // A module declares a ScheduledTask; the queue runs it once across processes. (server.ts's one
    // interval closes idle connections while it shuts down, for 50 ms at a time.)
    const timers: string[] = [];
    for (const file of sourceFiles(path.join(SRC, "server"))) {
      if (isTest(file) || ["server/jobs/queue.ts", "server/server.ts"].includes(rel(file))) continue;
      if (/\bsetInterval\(/.test(fs.readFileSync(file, "utf8"))) timers.push(rel(file));
    }
    expect(timers).toEqual([]);
  });

  it("the web app and the server never import each other; the web's client reads only the API's type", () => {
    // The one crossing: the typed client takes the API's type from server/contract.ts (a type only,
    // erased from the bundle), so request and response shapes are never re-typed on the web.
    expect(
      violations(
        (f) => f.startsWith("web/") && f !== "web/lib/api-client.ts",
        (t) => t.startsWith("server/"),
      ),
    ).toEqual([]);
    expect(
      violations(
        (f) => f === "web/lib/api-client.ts",
        (t) => t.startsWith("server/") && t !== "server/contract.ts",
      ),
    ).toEqual([]);
    const clientSource = fs.readFileSync(path.join(SRC, "web/lib/api-client.ts"), "utf8");
    expect(clientSource).toMatch(/import type \{ Api \} from "#server\/contract";/);
    expect(
      violations(
        (f) => f.startsWith("server/"),
        (t) => t.startsWith("web/"),
      ),
    ).toEqual([]);
  });

  it("the server's shared infrastructure never imports a capability module", () => {
    const infrastructure = [
      "server/db/",
      "server/lib/",
      "server/jobs/",
      "server/media/",
      "server/mail/",
      "server/auth/",
    ];
    expect(
      violations(
        (f) => infrastructure.some((dir) => f.startsWith(dir)) && !isTest(f),
        (t) => t.startsWith("server/modules/"),
      ),
    ).toEqual([]);
  });

  it("a module is entered only through its index: no reaching into another module's files", () => {
    const moduleOf = (f: string) => /^server\/modules\/([^/]+)\//.exec(f)?.[1];
    expect(
      violations(
        () => true,
        () => true,
      ).filter((edge) => {
        const [from, to] = edge.split(" → ") as [string, string];
        const target = moduleOf(to);
        return target !== undefined && moduleOf(from) !== target && !to.endsWith(`/${target}/index.ts`);
      }),
    ).toEqual([]);
  });

  it("no web feature imports another feature: pages and layouts compose them", () => {
    const featureOf = (f: string) => /^web\/features\/([^/]+)\//.exec(f)?.[1];
    expect(
      violations(
        (f) => featureOf(f) !== undefined,
        () => true,
      ).filter((edge) => {
        const [from, to] = edge.split(" → ") as [string, string];
        const target = featureOf(to);
        return target !== undefined && target !== featureOf(from);
      }),
    ).toEqual([]);
  });

  it("a web feature's api/ holds one file per endpoint, with the server's shapes, never hand-typed ones", () => {
    const apiFiles = [...imports.keys()].map(rel).filter((f) => /^web\/features\/[^/]+\/api\/[^/]+\.ts$/.test(f));
    expect(apiFiles.length).toBeGreaterThan(40);
    const handTyped = apiFiles.filter((f) =>
      /^export interface \w+ \{[^}]*: (string|number)/m.test(fs.readFileSync(path.join(SRC, f), "utf8")),
    );
    expect(handTyped).toEqual([]);
  });

  it("no import cycles", () => {
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, "visiting");
      stack.push(file);
      for (const target of imports.get(file)?.files ?? []) {
        if (!imports.has(target)) continue;
        if (state.get(target) === "visiting") {
          cycles.push([...stack.slice(stack.indexOf(target)), target].map(rel).join(" → "));
        } else if (!state.has(target)) visit(target);
      }
      stack.pop();
      state.set(file, "done");
    };
    for (const file of imports.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it("imports that climb out of their folder use the path aliases", () => {
    const climbing: string[] = [];
    for (const file of imports.keys()) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(IMPORT)) {
        const spec = match[1] ?? match[2] ?? "";
        if (spec.startsWith("../")) climbing.push(`${rel(file)}: ${spec}`);
      }
    }
    expect(climbing).toEqual([]);
  });
});
