import type { ReactNode } from "react";

export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="border-b border-border bg-muted px-4 py-14 text-center sm:py-20">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
      {children && <div className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{children}</div>}
    </section>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-14">
      <h2 id={id} className="text-center text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <div className="mt-8">{children}</div>
    </section>
  );
}
