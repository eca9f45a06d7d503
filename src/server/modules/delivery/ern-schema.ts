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
 * Validates messages against the official ERN XSD of their version, offline (libxml2 compiled to
 * WASM): 4.3, or 4.3.2 when the message is in its namespace. The folder holds `ernv43/` and
 * `ernv432/` beside `allowed-value-sets.xsd`, as DDEX publishes them; the schemas are read once.
 */
export function createErnValidator(schemaDir: string): ErnValidator {
  const read = (folder: string) =>
    fs
      .readFileSync(path.join(schemaDir, folder, "release-notification.xsd"), "utf8")
      .replace('schemaLocation="../allowed-value-sets.xsd"', 'schemaLocation="allowed-value-sets.xsd"');
  const schemas = { "4.3": read("ernv43"), "4.3.2": read("ernv432") };
  const avs = fs.readFileSync(path.join(schemaDir, "allowed-value-sets.xsd"), "utf8");
  const references = { "4.3": referenceElements(schemas["4.3"]), "4.3.2": referenceElements(schemas["4.3.2"]) };
  return {
    async validate(xml) {
      // The root element's namespace says the version (the first few hundred bytes hold it).
      const version = xml.slice(0, 600).includes('"http://ddex.net/xml/ern/432"') ? "4.3.2" : "4.3";
      const result = await validateXML({
        xml: [{ fileName: "message.xml", contents: xml }],
        schema: [{ fileName: "release-notification.xsd", contents: schemas[version] }],
        preload: [{ fileName: "allowed-value-sets.xsd", contents: avs }],
      });
      const errors = [
        ...result.errors.map((e) => e.message ?? String(e)),
        ...checkReferences(xml, references[version]),
      ];
      return { valid: result.valid && errors.length === 0, errors };
    },
  };
}

/**
 * The schema's xs:ID and xs:IDREF elements (PartyReference, ReleaseResourceReference...), read from
 * the XSD itself. libxml2 does not enforce ID uniqueness for these restricted types, so a message
 * with a duplicate reference passed our check while other validators rejected it.
 */
export function referenceElements(xsd: string): { ids: Set<string>; refs: Set<string> } {
  const ids = new Set<string>();
  const refs = new Set<string>();
  const kindOf = (base: string, types: Map<string, "ID" | "IDREF">) =>
    base === "xs:ID" ? "ID" : base === "xs:IDREF" ? "IDREF" : types.get(base.replace(/^ern:/, ""));
  // Named types built on xs:ID/xs:IDREF, directly or through another named type.
  const types = new Map<string, "ID" | "IDREF">();
  const named = [...xsd.matchAll(/<xs:(simpleType|complexType) name="([A-Za-z_]+)">([\s\S]*?)<\/xs:\1>/g)];
  for (let pass = 0; pass < 3; pass++) {
    for (const [, , name = "", body = ""] of named) {
      const base = /<xs:(?:restriction|extension) base="([^"]+)"/.exec(body)?.[1];
      const kind = base && !/<xs:element\b/.test(body) ? kindOf(base, types) : undefined;
      if (kind) types.set(name, kind);
    }
  }
  const add = (name: string, kind: "ID" | "IDREF" | undefined) => {
    if (kind) (kind === "ID" ? ids : refs).add(name);
  };
  // Elements with an anonymous simple type restricting one of them...
  const anonymous =
    /<xs:element\s+name="([A-Za-z]+)"[^>]*?(?<!\/)>((?:(?!<xs:element\b|<xs:attribute\b|<\/xs:element>)[\s\S])*?)<xs:restriction base="([^"]+)"/g;
  for (const m of xsd.matchAll(anonymous)) add(m[1] as string, kindOf(m[3] as string, types));
  // ...and elements of a named one.
  for (const m of xsd.matchAll(/<xs:element\s+name="([A-Za-z]+)"[^>]*\stype="ern:([A-Za-z_]+)"/g))
    add(m[1] as string, types.get(m[2] as string));
  return { ids, refs };
}

/** Every ID unique in the message and every IDREF pointing at one: the errors, or none. */
export function checkReferences(xml: string, names: { ids: Set<string>; refs: Set<string> }): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  const pointers: { name: string; value: string }[] = [];
  for (const m of xml.matchAll(/<([A-Za-z]+)(?:\s[^>]*)?>([^<]*)<\/\1>/g)) {
    const [, name = "", raw = ""] = m;
    const value = raw.trim();
    if (names.ids.has(name)) {
      if (seen.has(value)) errors.push(`${name} ${value} is used twice; references must be unique (xs:ID).`);
      seen.add(value);
    } else if (names.refs.has(name)) pointers.push({ name, value });
  }
  for (const p of pointers) {
    if (!seen.has(p.value)) errors.push(`${p.name} ${p.value} points at nothing in the message (xs:IDREF).`);
  }
  return errors;
}
