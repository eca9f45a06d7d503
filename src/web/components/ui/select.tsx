import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn";

/** A native select: keyboard, screen reader and phone pickers work without extra code. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-border bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
