import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const CATALOGUE = /[\\/]src[\\/]domain[\\/]i18n[\\/]catalogues[\\/].+\.json$/;

/**
 * Compiles the message catalogues' ICU messages when the web app is built (decision 042), so the
 * browser gets Lingui's ready-made messages and never downloads an ICU parser. The file stays JSON
 * (Vite's own JSON step turns it into a module afterwards); a malformed message fails the build.
 */
export function compileCatalogues(): Plugin {
  return {
    name: "kalrav:compile-catalogues",
    enforce: "pre",
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => {
          try {
            return [key, compileMessageOrThrow(message)];
          } catch (error) {
            throw new Error(`${id}: message "${key}" is not valid ICU: ${(error as Error).message}`);
          }
        }),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
