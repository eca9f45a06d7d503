// @ts-expect-error jsdom ships no types of its own and @types/jsdom is not worth a dependency for tests.
import { JSDOM } from "jsdom";

/**
 * XPath over a built message, as a store's ingestion team reads it: the string value of every node
 * the expression selects (text unescaped). The prefix `ern` names the ERN namespace of the message's
 * root; other elements are unqualified, as in DDEX messages.
 */
export function xpath(xml: string, expression: string): string[] {
  const { window } = new JSDOM(xml, { contentType: "application/xml" }) as { window: Window & typeof globalThis };
  const doc = window.document;
  // jsdom's XPath matches attribute names in lower case (as for HTML): name DDEX's mixed-case ones by local name.
  const query = expression.replace(/@([A-Za-z_][\w-]*)/g, '@*[local-name()="$1"]');
  const rootNs = doc.documentElement.namespaceURI;
  const result = doc.evaluate(
    query,
    doc,
    (prefix: string | null) => (prefix === "ern" ? rootNs : null),
    window.XPathResult.ORDERED_NODE_SNAPSHOT_TYPE,
    null,
  );
  const values: string[] = [];
  for (let i = 0; i < result.snapshotLength; i++) values.push(result.snapshotItem(i)?.textContent ?? "");
  return values;
}
