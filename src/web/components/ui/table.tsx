import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn";

/**
 * A table that scrolls sideways on a phone. The scrolling box can be focused, so it can be scrolled
 * by keyboard; it is named after the table (`aria-label`) or "Table".
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <section
      // relative: hidden labels (sr-only, absolutely placed) inside the table stay inside this scrolling
      // box; without it they widen the page itself on a phone.
      className="relative overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={props["aria-label"] ?? "Table"}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
    >
      <table className={cn("w-full min-w-[720px] text-left text-sm", className)} {...props} />
    </section>
  );
}
export const Th = ({ className, ...props }: ComponentProps<"th">) => (
  <th scope="col" className={cn("border-b border-border bg-muted px-3 py-2 font-medium", className)} {...props} />
);
export const Td = ({ className, ...props }: ComponentProps<"td">) => (
  <td className={cn("border-b border-border px-3 py-2 align-top", className)} {...props} />
);

/** A whole-width row for "loading" and "nothing here" states. */
export const TableMessage = ({ colSpan, children }: { colSpan: number; children: React.ReactNode }) => (
  <tr>
    <Td colSpan={colSpan}>{children}</Td>
  </tr>
);
