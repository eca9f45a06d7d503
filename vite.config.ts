import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { aliases } from "./aliases.config";
import { compileCatalogues } from "./vite-plugin-catalogues";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [compileCatalogues(), react(), tailwindcss()],
  resolve: { alias: aliases },
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
});
