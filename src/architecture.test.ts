import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph } from "./layers/check";

/**
 * One way to do each thing, checked over `src/` (the layer rules themselves — domain, web/server,
 * infrastructure, module indexes, features, cycles — are `npm run lint`'s: src/layers/check.ts).
 * Imports climbing out of their folder use the path aliases (#domain/, #server/, #web/).
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

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join("/");
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
/** Each file (relative to src/) and what it imports. */
const imports = importGraph(SRC);

describe("one way to do each thing", () => {
  it("one CSV writer: only domain/csv.ts writes CSV (formula leads neutralised, a byte-order mark)", () => {
    const writers: string[] = [];
    for (const [file, { packages }] of imports) {
      if (packages.some((name) => name.startsWith("csv-stringify")) && file !== "domain/csv.ts") writers.push(file);
    }
    expect(writers).toEqual([]);
  });

  it("one clock: only domain/clock.ts turns an instant into a date or knows India's offset", () => {
    // Issue 34: "today" was computed six ways in two time zones, and GST invoices followed the UTC year.
    const FORBIDDEN = [
      /toISOString\(\)\.(?:slice|substring)\(0, ?(?:7|10)\)/,
      /toISOString\(\)\.split\(["']T["']\)/,
      // A UTC instant handed to a calendar function: between 00:00 and 05:30 IST it is yesterday.
      /(?:monthOf|financialYearOfDate|addDays|lastDayOfMonth)\([^)]*toISOString\(\)/,
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

  it("one error path: below the routes, modules throw DomainError, never an HTTP error", () => {
    const http: string[] = [];
    for (const file of sourceFiles(path.join(SRC, "server/modules"))) {
      if (isTest(file) || /\.routes\.ts$/.test(file)) continue;
      if (/\b(ApiError|HTTPException)\b/.test(fs.readFileSync(file, "utf8"))) http.push(rel(file));
    }
    expect(http).toEqual([]);
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

  it("one data table: every table in the web app is the shared DataTable", () => {
    // Issue 34: tables were hand-built in nine files beside it, each with its own empty and loading rows.
    const found: string[] = [];
    for (const file of sourceFiles(path.join(SRC, "web"))) {
      if (isTest(file) || /components\/ui\/(?:data-)?table\.tsx$/.test(file)) continue;
      const text = fs.readFileSync(file, "utf8");
      if (/<(?:table|Table|Th|Td|TableMessage)\b/.test(text) || /components\/ui\/table"/.test(text))
        found.push(rel(file));
    }
    expect(found).toEqual([]);
  });

  it("every form field is a FormField: its label above the control, its hint and its error beside it", () => {
    // Issue 34: forms wired labels, errors and aria attributes by hand in three styles. A label over a
    // control, or a control marked invalid by hand, outside the shared components is the old way.
    const found: string[] = [];
    for (const file of sourceFiles(path.join(SRC, "web"))) {
      if (isTest(file) || !file.endsWith(".tsx") || rel(file).startsWith("web/components/ui/")) continue;
      const lines = fs.readFileSync(file, "utf8").split("\n");
      lines.forEach((line, i) => {
        const labelOverControl =
          /<Label htmlFor=/.test(line) &&
          lines.slice(i + 1, i + 4).some((next) => /<(?:Input|Textarea|Select|input)\b/.test(next));
        if (labelOverControl || /aria-invalid=/.test(line)) found.push(`${rel(file)}:${i + 1}`);
      });
    }
    expect(found).toEqual([]);
  });

  it("enums in answers are enums: a status, kind, state, role or residence is never a bare string", () => {
    // Issue 34: the OpenAPI document and the typed client then name the values a caller can get.
    const found: string[] = [];
    for (const file of sourceFiles(path.join(SRC, "server"))) {
      if (isTest(file) || !/\.(?:routes|schema)\.ts$|release-detail\.ts$|payee-account\.ts$/.test(file)) continue;
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (
            /\b(?:status|kind|state|role|residence|method): z\.string\(\)(?!\.max)/.test(line) &&
            !/payment/.test(file)
          )
            found.push(`${rel(file)}:${i + 1}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("routes read validated input only (c.req.valid), never the raw query, params or JSON", () => {
    // The two raw reads left are deliberate: a webhook's exact bytes (for its signature) and a
    // multipart picture (checked by its own bytes in the service).
    const found: string[] = [];
    for (const file of sourceFiles(path.join(SRC, "server"))) {
      if (isTest(file) || !file.endsWith(".routes.ts")) continue;
      fs.readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (/c\.req\.(?:json|query|queries|param|parseBody)\(/.test(line)) found.push(`${rel(file)}:${i + 1}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("tests share a worker's modules (vitest isolate: false), so none mocks a module or stubs a global", () => {
    // A mocked module or a stubbed global would leak into every later file of the same worker.
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (!isTest(file) || file.endsWith("architecture.test.ts")) continue;
      if (/\bvi\.(?:mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/.test(fs.readFileSync(file, "utf8")))
        found.push(rel(file));
    }
    expect(found).toEqual([]);
  });

  it("a web feature's api/ holds one file per endpoint, with the server's shapes, never hand-typed ones", () => {
    const apiFiles = [...imports.keys()].filter((f) => /^web\/features\/[^/]+\/api\/[^/]+\.ts$/.test(f));
    expect(apiFiles.length).toBeGreaterThan(40);
    const handTyped = apiFiles.filter((f) =>
      /^export interface \w+ \{[^}]*: (string|number)/m.test(fs.readFileSync(path.join(SRC, f), "utf8")),
    );
    expect(handTyped).toEqual([]);
  });

  it("imports that climb out of their folder use the path aliases", () => {
    const climbing: string[] = [];
    for (const file of [...imports.keys()].map((f) => path.join(SRC, f))) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(IMPORT)) {
        const spec = match[1] ?? match[2] ?? "";
        if (spec.startsWith("../")) climbing.push(`${rel(file)}: ${spec}`);
      }
    }
    expect(climbing).toEqual([]);
  });
  it("one way to start the built server: with the Node flags of scripts/server-node-flags.json", () => {
    // Decision 052: the server needs a larger young generation (an upload's chunks must die young);
    // whatever starts `dist/server/main.js` passes the same flags.
    const root = path.resolve(SRC, "..");
    const flags = JSON.parse(fs.readFileSync(path.join(root, "scripts/server-node-flags.json"), "utf8")) as string[];
    expect(flags.length).toBeGreaterThan(0);
    const start = (
      JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } }
    ).scripts.start;
    expect(start).toContain(`node ${flags.join(" ")} dist/server/main.js`);
    const starters = ["scripts", "bench"].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir))
        .filter((f) => /\.(ts|mjs)$/.test(f))
        .map((f) => path.join(dir, f)),
    );
    // Any file that names the entry (in whatever argument list) reads the flags beside it.
    const unflagged = starters.filter((file) => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      return text.includes('"dist/server/main.js"') && !text.includes("server-node-flags.json");
    });
    expect(unflagged).toEqual([]);
  });
});
