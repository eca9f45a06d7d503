import { Menu } from "lucide-react";
import type { Ref } from "react";
import { Button } from "#web/components/ui/button";
import { cn } from "#web/lib/cn";
import { useT } from "#web/lib/i18n";

/** The phone menu's button (public header and signed-in areas): it opens a SideSheet and says whether it is open. */
export function MenuButton({
  ref,
  expanded,
  onOpen,
  className,
}: {
  ref: Ref<HTMLButtonElement>;
  expanded: boolean;
  onOpen: () => void;
  className?: string;
}) {
  const t = useT();
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="icon"
      aria-label={t("header.openMenu")}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      className={cn("lg:hidden", className)}
      onClick={onOpen}
    >
      <Menu className="h-5 w-5" aria-hidden />
    </Button>
  );
}
