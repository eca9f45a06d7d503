import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkLayers, type LayerRule } from "./check";

const SRC = path.resolve(import.meta.dirname, "..");

describe("the layer rules `npm run lint` checks", () => {
  it("holds for our own source", () => {
    expect(checkLayers(SRC)).toEqual([]);
  });

  describe("fail for each kind of violation planted in a tree", () => {
    let root: string;
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    beforeEach(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
      // A tree that keeps every rule.
      write("domain/money.ts", `import { z } from "zod";\nexport const a = z.string();\n`);
      write("server/lib/router.ts", `import { a } from "#domain/money";\nexport const r = a;\n`);
      write("server/modules/pay/index.ts", `export { pay } from "./pay.service";\n`);
      write("server/modules/pay/pay.service.ts", `import { r } from "#server/lib/router";\nexport const pay = r;\n`);
      write("server/modules/ship/index.ts", `import { pay } from "#server/modules/pay";\nexport const ship = pay;\n`);
      write("server/contract.ts", `export type Api = { a: string };\n`);
      write("web/lib/api-client.ts", `import type { Api } from "#server/contract";\nexport type A = Api;\n`);
      write("web/features/cart/cart.tsx", `import { a } from "#domain/money";\nexport const c = a;\n`);
      write("web/features/shop/shop.tsx", `export const s = 1;\n`);
      expect(checkLayers(root)).toEqual([]);
    });
    afterEach(() => {
      fs.rmSync(root, { recursive: true, force: true });
    });

    const plants: [LayerRule, string, string][] = [
      ["domain-stands-alone", "domain/bad.ts", `import { r } from "#server/lib/router";\n`],
      ["domain-stands-alone", "domain/io.ts", `import fs from "node:fs";\n`],
      ["web-server-apart", "web/features/cart/leak.ts", `import { pay } from "#server/modules/pay";\n`],
      ["web-server-apart", "server/lib/ui.ts", `import { c } from "#web/features/cart/cart";\n`],
      ["infrastructure-below-modules", "server/lib/reach.ts", `import { pay } from "#server/modules/pay";\n`],
      [
        "module-through-index",
        "server/modules/ship/inside.ts",
        `import { pay } from "#server/modules/pay/pay.service";\n`,
      ],
      ["infrastructure-below-modules", "server/context.ts", `import type { pay } from "#server/modules/pay";\n`],
      ["feature-to-feature", "web/features/cart/buy.tsx", `import { s } from "#web/features/shop/shop";\n`],
      ["named-exports", "server/modules/pay/index.ts", `export * from "./pay.service";\n`],
      ["import-cycle", "domain/loop.ts", `import { b } from "./loop-b";\nexport const a = b;\n`],
    ];
    for (const [rule, file, text] of plants) {
      it(`${rule}: ${file}`, () => {
        write(file, text);
        if (rule === "import-cycle") write("domain/loop-b.ts", `import { a } from "./loop";\nexport const b = a;\n`);
        const found = checkLayers(root);
        expect(found.map((v) => v.rule)).toContain(rule);
        expect(found.every((v) => v.rule === rule)).toBe(true);
        expect(found.some((v) => v.edge.includes(file))).toBe(true);
      });
    }
  });
});
