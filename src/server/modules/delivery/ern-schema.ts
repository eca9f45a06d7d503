import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from "libxml2-wasm";

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

type ErnVersion = "4.3" | "4.3.2";

/** A version's schema, from its folder as DDEX publishes it. */
function readSchema(schemaDir: string, version: ErnVersion): string {
  const folder = version === "4.3" ? "ernv43" : "ernv432";
  return fs.readFileSync(path.join(schemaDir, folder, "release-notification.xsd"), "utf8");
}

/**
 * The schema's one import, served from memory under a name of its own: libxml2 reads nothing from
 * the disk while it compiles, whatever a schema names.
 */
const AVS_NAME = "kalrav-ddex-avs.xsd";
const schemaFiles = new XmlBufferInputProvider({});
let providerRegistered = false;

/** Compiled schemas by folder and version: compiling one costs a few hundred milliseconds, a check a few. */
const compiled = new Map<string, XsdValidator>();

function compiledSchema(schemaDir: string, version: ErnVersion): XsdValidator {
  const key = `${schemaDir}\u0000${version}`;
  const known = compiled.get(key);
  if (known) return known;
  if (!providerRegistered) providerRegistered = xmlRegisterInputProvider(schemaFiles);
  schemaFiles.addBuffer(AVS_NAME, fs.readFileSync(path.join(schemaDir, "allowed-value-sets.xsd")));
  const xsd = readSchema(schemaDir, version).replace(
    'schemaLocation="../allowed-value-sets.xsd"',
    `schemaLocation="${AVS_NAME}"`,
  );
  const schemaDoc = XmlDocument.fromString(xsd);
  try {
    const validator = XsdValidator.fromDoc(schemaDoc);
    compiled.set(key, validator);
    return validator;
  } finally {
    schemaDoc.dispose();
  }
}

/**
 * Validates messages against the official ERN XSD of their version, offline (libxml2 compiled to
 * WASM): 4.3, or 4.3.2 when the message is in its namespace. The folder holds `ernv43/` and
 * `ernv432/` beside `allowed-value-sets.xsd`, as DDEX publishes them; each schema is compiled once
 * per process, on first use (decision 045).
 */
export function createErnValidator(schemaDir: string): ErnValidator {
  const references = {
    "4.3": referenceElements(readSchema(schemaDir, "4.3")),
    "4.3.2": referenceElements(readSchema(schemaDir, "4.3.2")),
  };
  return {
    async validate(xml) {
      // The root element's namespace says the version (the first few hundred bytes hold it).
      const version: ErnVersion = xml.slice(0, 600).includes('"http://ddex.net/xml/ern/432"') ? "4.3.2" : "4.3";
      const errors = [
        ...schemaErrors(compiledSchema(schemaDir, version), xml),
        ...checkReferences(xml, references[version]),
      ];
      return { valid: errors.length === 0, errors };
    },
  };
}

/** What the schema finds wrong with a message: not well-formed, or each validity error with its line. */
function schemaErrors(schema: XsdValidator, xml: string): string[] {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    return [`message.xml is not well-formed XML: ${error instanceof Error ? error.message.trim() : String(error)}`];
  }
  try {
    schema.validate(doc);
    return [];
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    return error.details.map((d) => `message.xml:${d.line}: ${d.message.trim()}`);
  } finally {
    doc.dispose();
  }
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
