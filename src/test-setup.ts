import { compileMessage } from "@lingui/message-utils/compileMessage";
import { afterEach, beforeEach } from "vitest";
import { installMessageCompiler, loadEverything } from "#domain/i18n";

/**
 * A console.error during a test fails it: an error someone printed is an error someone missed. The
 * original console.error still prints, so the cause shows in the output.
 */
const original = console.error;
let printed: string[] = [];

beforeEach(() => {
  printed = [];
  console.error = (...args: unknown[]) => {
    printed.push(args.map((a) => (a instanceof Error ? a.stack : String(a))).join(" "));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (printed.length) throw new Error(`console.error was called during this test:\n${printed.join("\n")}`);
});

/**
 * jsdom lays nothing out, so it has no ResizeObserver, which Radix's checkbox and switch call to size
 * their hidden inputs: one that never reports is what a page with no layout would see.
 */
if (typeof window !== "undefined" && !("ResizeObserver" in globalThis)) {
  class NoLayoutResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver: NoLayoutResizeObserver });
}

/**
 * The message catalogues are compiled by the web's build (vite-plugin-catalogues.ts); tests read them
 * as written, so Lingui compiles each ICU message as it is used, as the server does; and every part
 * of every language is loaded, as on the server.
 */
installMessageCompiler(compileMessage);
await loadEverything();
