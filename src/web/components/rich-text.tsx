import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";

/**
 * A translated sentence with parts marked <0>…</0>, <1>…</1> drawn by the given elements (inline code,
 * a link), so the words stay whole in each language. Tags do not nest; text outside them is plain.
 * (Lingui's Trans does the same, but lives in the module every page loads: this stays with the pages
 * that use it.)
 */
export function RichText({ text, parts }: { text: string; parts: Record<number, ReactElement> }): ReactNode {
  const pieces = text.split(/<(\d+)>(.*?)<\/\1>/s);
  // split with two groups: [text, index, inner, text, index, inner, …, text]
  const out: ReactNode[] = [];
  for (let i = 0; i < pieces.length; i += 3) {
    if (pieces[i]) out.push(<Fragment key={`t${i}`}>{pieces[i]}</Fragment>);
    const index = pieces[i + 1];
    if (index === undefined) continue;
    const element = parts[Number(index)];
    const inner = pieces[i + 2] ?? "";
    out.push(element ? cloneElement(element, { key: `p${i}` }, inner) : inner);
  }
  return <>{out}</>;
}
