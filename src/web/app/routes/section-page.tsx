import { usePageMeta } from "../../components/page-title";

/** A page's heading; the issue that builds the section fills in the rest. */
export function SectionPage({ title, description }: { title: string; description?: string }) {
  usePageMeta(title, description);
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {description && <p className="mt-2 text-muted-foreground">{description}</p>}
    </div>
  );
}
