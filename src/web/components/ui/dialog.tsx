import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentProps, type ReactNode, useRef, useState } from "react";
import { t } from "#domain/i18n";
import { cn } from "#web/lib/cn";
import { focusReturnTarget } from "#web/lib/focus-return";
import { dismissToasts } from "./toast";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  title,
  description,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: string; description?: ReactNode }) {
  // Most of our dialogs open from state (a menu item, a table button), not from a Trigger, so Radix
  // has nothing to return focus to: the control focused when the dialog opened gets it back when it
  // closes (issue 33), or, if that control is gone, Radix's default.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-card p-6 shadow-xl",
          className,
        )}
        onOpenAutoFocus={(event) => {
          dismissToasts();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const back = opener.current;
          if (event.defaultPrevented || !back?.isConnected || back === document.body) return;
          event.preventDefault();
          back.focus();
        }}
        {...props}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-semibold">{title}</DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
            {description}
          </DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
        <RememberOpener into={opener} />
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close
          aria-label={t("ui.close")}
          className="absolute right-4 top-4 rounded p-1 opacity-70 hover:opacity-100"
        >
          <X className="h-4 w-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * Rendered inside the dialog's content, so it mounts each time the dialog opens (our DialogContent
 * itself renders while closed too): it notes, once per opening and before focus moves into the
 * dialog, where focus should go back to.
 */
function RememberOpener({ into }: { into: { current: HTMLElement | null } }) {
  useState(() => {
    into.current = focusReturnTarget();
    return null;
  });
  return null;
}
