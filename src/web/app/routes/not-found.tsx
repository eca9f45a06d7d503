import { Link } from "react-router";
import { MESSAGES } from "#domain/messages";
import { NOT_FOUND_PAGE } from "#domain/public-pages";
import { homePathForRole } from "#domain/roles";
import { usePageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { paths } from "#web/config/paths";
import { useSession } from "#web/lib/session";

/** Any address the app has no page for: the way back fits the visitor (their dashboard, or home). */
export function NotFoundPage() {
  usePageMeta(NOT_FOUND_PAGE.title, NOT_FOUND_PAGE.description);
  const { data: user } = useSession();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold">{NOT_FOUND_PAGE.title}</h1>
      <p className="text-muted-foreground">{NOT_FOUND_PAGE.description}</p>
      <Button asChild>
        {user ? (
          <Link to={homePathForRole(user.role)}>{MESSAGES.notFound.back}</Link>
        ) : (
          <Link to={paths.home}>{MESSAGES.notFound.home}</Link>
        )}
      </Button>
    </div>
  );
}
