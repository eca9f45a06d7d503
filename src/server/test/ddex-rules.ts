import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SaxonJS from "saxon-js";

/**
 * DDEX's own business rules for release profiles (Schematron compiled to XSLT, in `ddex/rules/`),
 * run with SaxonJS. Each stylesheet is compiled once to SEF with the `xslt3` package and cached by
 * its content hash, so a test run pays the compile (seconds) only the first time.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const RULES_DIR = path.join(repoRoot, "ddex", "rules");
export const SAMPLES_DIR = path.join(repoRoot, "ddex", "samples");

export interface RuleFinding {
  /** "1049-2", or the rule's text when it has no number (DDEX's generic rules). */
  rule: string;
  role: string;
  text: string;
}

function compiled(stylesheet: string): string {
  const xsl = path.join(RULES_DIR, stylesheet);
  const hash = createHash("sha256").update(fs.readFileSync(xsl)).digest("hex").slice(0, 16);
  const dir = path.join(os.tmpdir(), "kalrav-ddex-rules");
  const sef = path.join(dir, `${path.basename(stylesheet, ".xsl")}-${hash}.sef.json`);
  if (!fs.existsSync(sef)) {
    fs.mkdirSync(dir, { recursive: true });
    const cli = createRequire(import.meta.url).resolve("xslt3/xslt3.js");
    const part = `${sef}.${process.pid}.part`;
    execFileSync(process.execPath, [cli, `-xsl:${xsl}`, `-export:${part}`, "-nogo", "-relocate:on"], {
      stdio: "pipe",
    });
    fs.renameSync(part, sef);
  }
  return sef;
}

/** Runs one rule set over a message: its findings (failed assertions and reported errors). */
export function ruleFindings(stylesheet: string, xml: string): RuleFinding[] {
  const result = SaxonJS.transform(
    { stylesheetFileName: compiled(stylesheet), sourceText: xml, destination: "serialized" },
    "sync",
  ) as { principalResult: string };
  const findings: RuleFinding[] = [];
  const pattern =
    /<svrl:(?:failed-assert|successful-report)\b[^>]*\brole="([^"]*)"[^>]*>\s*<svrl:text>([\s\S]*?)<\/svrl:text>/g;
  for (const [, role = "", text = ""] of result.principalResult.matchAll(pattern)) {
    const rule = /Rule ([0-9]+-[0-9]+)\)/.exec(text)?.[1] ?? text.replace(/^[^:]*:\s*/, "");
    findings.push({ rule, role, text: text.trim() });
  }
  return findings;
}

/** The rules the official samples themselves break: findings on our messages count only beyond these. */
export function sampleBaseline(stylesheet: string): Set<string> {
  const rules = new Set<string>();
  for (const file of fs.readdirSync(SAMPLES_DIR)) {
    for (const f of ruleFindings(stylesheet, fs.readFileSync(path.join(SAMPLES_DIR, file), "utf8"))) rules.add(f.rule);
  }
  return rules;
}
