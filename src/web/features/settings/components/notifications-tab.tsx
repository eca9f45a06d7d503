import { useState } from "react";
import { NOTIFICATION_PREFERENCE_KEYS, NOTIFICATION_PREFERENCE_LABELS, SETTINGS_MESSAGES } from "#domain/settings";
import { Button } from "#web/components/ui/button";
import { Skeleton } from "#web/components/ui/skeleton";
import { Switch } from "#web/components/ui/switch";
import { toast } from "#web/components/ui/toast";
import { type NotificationPreferences, usePreferences } from "#web/features/settings/api/get-notification-preferences";
import { useSavePreferences } from "#web/features/settings/api/save-notification-preferences";
import { useT } from "#web/lib/i18n";

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const t = useT();
  const [prefs, setPrefs] = useState(initial);
  const save = useSavePreferences();
  const submit = async () => {
    try {
      await save.mutateAsync(prefs);
      toast({ title: SETTINGS_MESSAGES.preferencesUpdatedTitle, description: SETTINGS_MESSAGES.preferencesUpdated });
    } catch (err) {
      toast({ title: SETTINGS_MESSAGES.failedTitle, description: (err as Error).message, variant: "destructive" });
    }
  };
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4">
        {NOTIFICATION_PREFERENCE_KEYS.map((key) => (
          <li key={key} className="flex items-center justify-between gap-4">
            <div>
              <label htmlFor={`pref-${key}`} className="text-sm font-medium">
                {NOTIFICATION_PREFERENCE_LABELS[key].label}
              </label>
              <p className="text-xs text-muted-foreground">{NOTIFICATION_PREFERENCE_LABELS[key].hint}</p>
            </div>
            <Switch
              id={`pref-${key}`}
              checked={prefs[key]}
              onCheckedChange={(v) => setPrefs((p) => ({ ...p, [key]: v }))}
            />
          </li>
        ))}
      </ul>
      <Button onClick={submit} disabled={save.isPending} className="justify-self-start">
        {save.isPending ? t("ui.saving") : t("prefs.save")}
      </Button>
    </div>
  );
}

export function NotificationsTab() {
  const t = useT();
  const prefs = usePreferences();
  if (prefs.isPending) return <Skeleton className="h-64" />;
  if (prefs.isError) return <p role="alert">{t("prefs.loadFailed")}</p>;
  return <PreferencesForm initial={prefs.data} />;
}
