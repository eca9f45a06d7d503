import { Bell } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useNotifications } from "#web/features/notifications/api/get-notifications";
import { useMarkRead } from "#web/features/notifications/api/mark-read";
import { formatDateTime } from "#web/lib/format";
import { useT } from "#web/lib/i18n";

export function NotificationBell() {
  const t = useT();
  const { data } = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = data?.unread ?? 0;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread ? t("bell.unread", { count: unread }) : t("bell.label")}
        className="relative cursor-pointer rounded-md p-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 && (
          <span
            aria-hidden
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
          >
            {unread > 9 ? "9+" : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-card shadow-md"
          aria-label={t("bell.label")}
        >
          <div className="flex items-center justify-between border-b border-border p-3">
            <h2 className="text-sm font-semibold">{t("bell.label")}</h2>
            <button
              type="button"
              className="cursor-pointer text-xs text-primary underline disabled:opacity-50"
              disabled={!unread}
              onClick={() => markRead.mutate("all")}
            >
              {t("bell.markAll")}
            </button>
          </div>
          {!data?.notifications.length ? (
            <p className="p-4 text-sm text-muted-foreground">{t("bell.none")}</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {data.notifications.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className={`w-full cursor-pointer border-b border-border p-3 text-left text-sm hover:bg-muted ${n.read ? "" : "bg-primary/5"}`}
                    onClick={() => {
                      if (!n.read) markRead.mutate(n.id);
                      setOpen(false);
                      if (n.link) navigate(n.link);
                    }}
                  >
                    <span className="flex items-center gap-2 font-medium">
                      {!n.read && (
                        <>
                          <span className="h-2 w-2 shrink-0 rounded-full bg-primary" aria-hidden />
                          <span className="sr-only">{t("bell.unreadMark")}</span>
                        </>
                      )}
                      {n.title}
                    </span>
                    <span className="mt-1 block text-muted-foreground">{n.body}</span>
                    <span className="mt-1 block text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
