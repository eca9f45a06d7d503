import { Monitor, Moon, Sun } from "lucide-react";
import type { MessageId } from "#domain/i18n";
import { cn } from "#web/lib/cn";
import { useT } from "#web/lib/i18n";
import { type Theme, useTheme } from "#web/lib/theme";

const OPTIONS: { value: Theme; label: MessageId; Icon: typeof Sun }[] = [
  { value: "light", label: "theme.light", Icon: Sun },
  { value: "dark", label: "theme.dark", Icon: Moon },
  { value: "system", label: "theme.system", Icon: Monitor },
];

/** Three pressed-state buttons rather than a menu: one click, and no popover code on the landing page. */
export function ThemeToggle() {
  const t = useT();
  const { theme, setTheme } = useTheme();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset.
    <div role="group" aria-label={t("theme.group")} className="flex rounded-md border border-border p-0.5">
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={theme === value}
          aria-label={t(label)}
          title={t(label)}
          onClick={() => setTheme(value)}
          className={cn(
            "flex h-8 w-8 cursor-pointer items-center justify-center rounded focus-visible:outline-2 focus-visible:outline-ring",
            theme === value ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted",
          )}
        >
          <Icon className="h-4 w-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}
