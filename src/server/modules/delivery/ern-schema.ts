import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

/** Finds the committed `ddex/xsd` folder whether running from src (tsx) or dist (built). */
export function defaultSchemaDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "ddex", "xsd");
    if (fs.existsSync(path.join(candidate, "ernv43", "release-notification.xsd"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("DDEX schema folder 'ddex/xsd/' not found; set DDEX_SCHEMA_DIR");
}

export interface ErnValidator {
  validate(xml: string): Promise<{ valid: boolean; errors: string[] }>;
}

/**
 * Validates messages against the official ERN 4.3 XSD, offline (libxml2 compiled to WASM). The
 * folder holds `ernv43/release-notification.xsd` and `allowed-value-sets.xsd` side by side, as DDEX
 * publishes them; the schemas are read once.
 */
export function createErnValidator(schemaDir: string): ErnValidator {
  const ern = fs
    .readFileSync(path.join(schemaDir, "ernv43", "release-notification.xsd"), "utf8")
    .replace('schemaLocation="../allowed-value-sets.xsd"', 'schemaLocation="allowed-value-sets.xsd"');
  const avs = fs.readFileSync(path.join(schemaDir, "allowed-value-sets.xsd"), "utf8");
  return {
    async validate(xml) {
      const result = await validateXML({
        xml: [{ fileName: "message.xml", contents: xml }],
        schema: [{ fileName: "release-notification.xsd", contents: ern }],
        preload: [{ fileName: "allowed-value-sets.xsd", contents: avs }],
      });
      return { valid: result.valid, errors: result.errors.map((e) => e.message ?? String(e)) };
    },
  };
}
