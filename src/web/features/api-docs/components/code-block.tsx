import { Button } from "#web/components/ui/button";
import { toast } from "#web/components/ui/toast";
import { useT } from "#web/lib/i18n";

/** Code to copy as it is, with a button that puts it on the clipboard. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const t = useT();
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
        aria-label={t("apiRef.copyLabel", { label })}
        onClick={async () => {
          await navigator.clipboard?.writeText(code).catch(() => undefined);
          toast({ title: t("apiRef.copied"), description: label });
        }}
      >
        {t("apiRef.copy")}
      </Button>
    </figure>
  );
}
