// `npm run lint` runs this after Biome: the layer rules of src/ (src/layers/check.ts), with each
// broken rule named. Exits 1 when any is broken.
import path from "node:path";
import { checkLayers, LAYER_RULES } from "../src/layers/check";

const violations = checkLayers(path.resolve(import.meta.dirname, "../src"));
if (violations.length) {
  for (const v of violations) console.error(`layer rule broken (${LAYER_RULES[v.rule]}): ${v.edge}`);
  process.exit(1);
}
console.log("Layer rules: none broken.");
