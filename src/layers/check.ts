// The layer rules (issue 34), checked over the import graph of a source tree by `npm run lint`
// (scripts/check-layers.ts): a rule broken fails the build, not only a test. Type-only imports count
// too: they are coupling all the same.
import fs from "node:fs";
import path from "node:path";

export type LayerRule =
  | "domain-stands-alone"
  | "web-server-apart"
  | "infrastructure-below-modules"
  | "module-through-index"
  | "feature-to-feature"
  | "named-exports"
  | "import-cycle";

export interface Violation {
  rule: LayerRule;
  /** "from → to", paths relative to the source root. */
  edge: string;
}

/** What each rule says, for the lint's message. */
export const LAYER_RULES: Record<LayerRule, string> = {
  "domain-stands-alone": "src/domain imports only itself and pure packages (no I/O)",
  "web-server-apart":
    "the web app and the server never import each other (the web's api-client reads the API's type only)",
  "infrastructure-below-modules":
    "server infrastructure (db, lib, jobs, media, mail, auth) never imports a capability module",
  "module-through-index": "a server module is entered only through its index.ts",
  "feature-to-feature": "a web feature never imports another feature: pages and layouts compose them",
  "named-exports":
    "a server module's index.ts names what it exports (no `export *`): what other modules may use is a list you can read",
  "import-cycle": "no import cycles",
};

/** Packages the domain may use: pure code, no I/O. */
const PURE_PACKAGES = new Set([
  "zod",
  "csv-stringify/browser/esm/sync",
  // Transliteration tables and functions, no I/O (issue 39).
  "@indic-transliteration/sanscript",
  // Message catalogues and ICU formatting, no I/O (issue 39, decision 042).
  "@lingui/core",
]);
const INFRASTRUCTURE = [
  "server/db/",
  "server/lib/",
  "server/jobs/",
  "server/media/",
  "server/mail/",
  "server/auth/",
  // Every route's dependencies: modules add theirs by augmenting AppDeps from their own folder.
  "server/context.ts",
];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

type Graph = Map<string, { files: string[]; packages: string[] }>;

/** Each file's imports (paths relative to `root`): files resolved through the aliases, packages by name. */
export function importGraph(root: string): Graph {
  const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");
  const out: Graph = new Map();
  for (const file of sourceFiles(root)) {
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
        ? path.join(root, alias[1] as string, alias[2] as string)
        : path.resolve(path.dirname(file), spec);
      const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
        (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
      );
      files.push(rel(target ?? base));
    }
    out.set(rel(file), { files, packages });
  }
  return out;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const moduleOf = (f: string) => /^server\/modules\/([^/]+)\//.exec(f)?.[1];
const featureOf = (f: string) => /^web\/features\/([^/]+)\//.exec(f)?.[1];

/** Every broken layer rule in the tree under `root` (a `src/` folder). */
export function checkLayers(root: string): Violation[] {
  const graph = importGraph(root);
  const found: Violation[] = [];
  const add = (rule: LayerRule, from: string, to: string) => found.push({ rule, edge: `${from} → ${to}` });
  for (const [from, { files, packages }] of graph) {
    if (from.startsWith("domain/")) {
      for (const to of files) if (!to.startsWith("domain/")) add("domain-stands-alone", from, to);
      if (!isTest(from))
        for (const name of packages) if (!PURE_PACKAGES.has(name)) add("domain-stands-alone", from, name);
    }
    for (const to of files) {
      // The one crossing: the typed client takes the API's type from server/contract.ts.
      if (
        from.startsWith("web/") &&
        to.startsWith("server/") &&
        !(from === "web/lib/api-client.ts" && to === "server/contract.ts")
      )
        add("web-server-apart", from, to);
      if (from.startsWith("server/") && to.startsWith("web/")) add("web-server-apart", from, to);
      if (INFRASTRUCTURE.some((dir) => from.startsWith(dir)) && !isTest(from) && to.startsWith("server/modules/"))
        add("infrastructure-below-modules", from, to);
      const target = moduleOf(to);
      if (target !== undefined && moduleOf(from) !== target && to !== `server/modules/${target}/index.ts`)
        add("module-through-index", from, to);
      const feature = featureOf(to);
      if (featureOf(from) !== undefined && feature !== undefined && feature !== featureOf(from))
        add("feature-to-feature", from, to);
    }
  }
  for (const from of graph.keys()) {
    if (!/^server\/modules\/[^/]+\/index\.ts$/.test(from)) continue;
    const text = fs.readFileSync(path.join(root, from), "utf8");
    for (const match of text.matchAll(/^\s*export\s+(?:type\s+)?\*\s+from\s+["']([^"']+)["']/gm))
      add("named-exports", from, match[1] as string);
  }
  // Cycles, by a depth-first walk.
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "visiting");
    stack.push(file);
    for (const target of graph.get(file)?.files ?? []) {
      if (!graph.has(target)) continue;
      if (state.get(target) === "visiting") {
        const cycle = [...stack.slice(stack.indexOf(target)), target];
        found.push({ rule: "import-cycle", edge: cycle.join(" → ") });
      } else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}
