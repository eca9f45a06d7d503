// Reading XML parsed by xmlbuilder2 into its object form (`create(xml).end({ format: "object" })`):
// stores' acknowledgements and other distributors' ERN messages. Elements are found by local name,
// whatever namespace prefix the sender used.

type Node = Record<string, unknown>;

/** An element's children by local name. */
export function children(node: unknown, name: string): unknown[] {
  if (!node || typeof node !== "object") return [];
  for (const [key, value] of Object.entries(node as Node)) {
    if (key === name || key.endsWith(`:${name}`)) return Array.isArray(value) ? value : [value];
  }
  return [];
}

/** An element's first child of that local name. */
export const child = (node: unknown, name: string): unknown => children(node, name)[0];

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** An element's text, trimmed, its character references read back (the object form keeps them escaped). */
export function textOf(node: unknown): string {
  const raw =
    typeof node === "string"
      ? node
      : node && typeof node === "object" && typeof (node as Node)["#"] === "string"
        ? ((node as Node)["#"] as string)
        : "";
  return raw
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/&#(x[0-9a-f]+|\d+);/gi, (_, code: string) =>
      String.fromCodePoint(code[0]?.toLowerCase() === "x" ? Number.parseInt(code.slice(1), 16) : Number(code)),
    )
    .trim();
}
