import { Link } from "react-router";
import { MESSAGES } from "#domain/messages";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";

export function NotFoundPage() {
  usePageMeta(MESSAGES.notFound.title);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-bold">{MESSAGES.notFound.title}</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to={paths.home}>{MESSAGES.notFound.back}</Link>
      </Button>
    </main>
  );
}
