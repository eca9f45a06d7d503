import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-xl border border-border bg-card p-6 shadow-sm", className)} {...props} />;
}
