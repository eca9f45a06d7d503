/** Avatar and name with the spec's fallbacks: name, else e-mail; initial, else the letter K (product §2). */
export function UserBadge({
  user,
}: {
  user: { name?: string | null; email?: string | null; image?: string | null } | null | undefined;
}) {
  const label = user?.name?.trim() || user?.email || "K";
  const initial = (label[0] ?? "K").toUpperCase();
  return (
    <span className="flex min-w-0 items-center gap-2">
      {user?.image ? (
        <img src={user.image} alt="" className="h-8 w-8 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        >
          {initial}
        </span>
      )}
      <span className="max-w-[8rem] truncate text-sm font-medium sm:max-w-[14rem]">{label}</span>
    </span>
  );
}
