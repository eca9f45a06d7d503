import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { useSyncExternalStore } from "react";
import { t as translate } from "#domain/i18n";
import { cn } from "#web/lib/cn";

/** Spec §9: one toast visible at a time, 5000 ms, swipe threshold 50 px. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  duration?: number;
}
interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function toast(input: ToastInput) {
  // A new toast replaces the one showing.
  items = [{ ...input, id: nextId++, open: true }];
  emit();
}

/**
 * Closes whatever toast is showing. A dialog opening calls it: on a phone a toast about what came
 * before (a sign-in, a save) would sit over the dialog's buttons. Toasts raised from the dialog
 * itself still show.
 */
export function dismissToasts() {
  if (!items.some((t) => t.open)) return;
  items = items.map((t) => ({ ...t, open: false }));
  emit();
}

function dismiss(id: number) {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
}

const subscribeToToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const currentToasts = () => items;

function useToasts() {
  // The same list serves hydration of the prerendered page, which has shown no toast yet.
  return useSyncExternalStore(subscribeToToasts, currentToasts, currentToasts);
}

/** A toast for a failed action: its title, and the server's message. For `.then(ok, toastFailure("…"))`. */
export const toastFailure = (title: string) => (err: unknown) =>
  toast({ title, description: (err as Error).message, variant: "destructive" });

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismiss(t.id)}
          type={t.variant === "destructive" ? "foreground" : "background"}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0",
            t.variant === "destructive"
              ? "border-destructive bg-destructive text-destructive-foreground"
              : "border-border bg-card text-foreground",
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={translate("ui.closeNotification")}
            className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
