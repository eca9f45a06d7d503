import { Dialog } from "radix-ui";
import type { ReactNode, RefObject } from "react";
import { cn } from "#web/lib/cn";

/**
 * A panel that slides over the page from one side (the phone menus): a modal dialog that traps focus,
 * closes on Escape or a tap outside, and gives focus back to the button that opened it. The public
 * header loads it only when its menu is first opened, so the landing page does not carry it.
 */
export function SideSheet({
  open,
  onOpenChange,
  side,
  title,
  description,
  returnFocusTo,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  title: string;
  description: string;
  /** The button that opened it (it has no Radix trigger when it is loaded late). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className={cn(
            "fixed inset-y-0 z-50 w-72 max-w-full overflow-y-auto bg-card p-6 shadow-xl",
            side === "left" ? "left-0" : "right-0",
            className,
          )}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
        >
          <Dialog.Title className="mb-4 text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
