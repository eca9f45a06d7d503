import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn";

const TONES = {
  neutral: "bg-muted text-foreground",
  success: "bg-green-700 text-white",
  warning: "bg-amber-300 text-amber-950",
  danger: "bg-red-700 text-white",
  info: "bg-primary text-primary-foreground",
} as const;

export function Badge({
  tone = "neutral",
  className,
  ...props
}: ComponentProps<"span"> & { tone?: keyof typeof TONES }) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold", TONES[tone], className)}
      {...props}
    />
  );
}
