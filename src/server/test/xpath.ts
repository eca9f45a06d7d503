// @ts-expect-error jsdom ships no types of its own and @types/jsdom is not worth a dependency for tests.
import { JSDOM } from "jsdom";

/**
 * XPath over a built message, as a store's ingestion team reads it: the string value of every node
 * the expression selects (text unescaped). `ern:` in the expression stands for the prefix of the
 * message's root element, whatever the message calls it (ern:, echo:...); the rest of a DDEX
 * message is unqualified.
 */
export function xpath(xml: string, expression: string): string[] {
  // jsdom's XPath resolves prefixes by name and matches attributes in lower case (as for HTML), so
  // the root's prefix is taken off before parsing and mixed-case attributes are named by local name.
  const unprefixed = xml.replace(/<(\/?)[A-Za-z][\w-]*:([A-Za-z]+Message)\b/g, "<$1$2");
  const query = expression.replace(/ern:/g, "").replace(/@([A-Za-z_][\w-]*)/g, '@*[local-name()="$1"]');
  const { window } = new JSDOM(unprefixed, { contentType: "application/xml" }) as {
    window: Window & typeof globalThis;
  };
  const doc = window.document;
  const result = doc.evaluate(query, doc, () => null, window.XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  const values: string[] = [];
  for (let i = 0; i < result.snapshotLength; i++) values.push(result.snapshotItem(i)?.textContent ?? "");
  return values;
}
