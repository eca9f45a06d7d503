import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** WCAG 2 contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const css = fs.readFileSync(path.join(import.meta.dirname, "styles.css"), "utf8");
const theme = (selector: string) => {
  const block = css.slice(css.indexOf(`${selector} {`));
  const body = block.slice(0, block.indexOf("}"));
  return (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`).exec(body)?.[1] ?? "";
};

describe("destructive buttons keep AA contrast, at rest and on hover (issue 33)", () => {
  for (const selector of [":root", ".dark"]) {
    it(`in ${selector === ":root" ? "the light" : "the dark"} theme`, () => {
      const v = theme(selector);
      expect(contrast(v("destructive"), v("destructive-foreground"))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v("destructive-hover"), v("destructive-foreground"))).toBeGreaterThanOrEqual(4.5);
    });
  }
});
