import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn";

/** A table that scrolls sideways on a phone rather than overflowing the page. */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className={cn("w-full min-w-[720px] text-left text-sm", className)} {...props} />
    </div>
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
