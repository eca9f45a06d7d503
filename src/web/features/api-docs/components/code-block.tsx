import { Button } from "#web/components/ui/button";
import { toast } from "#web/components/ui/toast";

/** Code to copy as it is, with a button that puts it on the clipboard. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="grid gap-2" aria-label={label}>
      <pre
        className="max-w-full overflow-x-auto rounded-lg bg-muted p-3 font-mono text-xs leading-relaxed"
        // A scrolling region must be reachable by keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code block is focusable so keyboard users can scroll it.
        tabIndex={0}
      >
        <code>{code}</code>
      </pre>
      <Button
        size="sm"
        variant="outline"
        className="justify-self-start"
        aria-label={`Copy ${label}`}
        onClick={async () => {
          await navigator.clipboard?.writeText(code).catch(() => undefined);
          toast({ title: "Copied", description: label });
        }}
      >
        Copy
      </Button>
    </figure>
  );
}
