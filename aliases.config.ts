import { fileURLToPath } from "node:url";

/** The path aliases of tsconfig.json, for Vite and Vitest (esbuild and tsx read tsconfig.json). */
export const aliases = ["domain", "server", "web"].map((area) => ({
  find: new RegExp(`^#${area}/`),
  replacement: fileURLToPath(new URL(`./src/${area}/`, import.meta.url)),
}));
