import { useState } from "react";
import { STORE_LINK_MESSAGES, storeLinkInputSchema } from "#domain/deliveries";
import { Button } from "#web/components/ui/button";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Select } from "#web/components/ui/select";
import { useSaveStoreLink } from "#web/features/releases/api/save-store-link";
import { useT } from "#web/lib/i18n";

/**
 * An admin enters where a live release is on a store (when no resolver finds it): the artist's
 * page links there and the public page's button goes there.
 */
export function StoreLinkForm({
  releaseId,
  stores,
}: {
  releaseId: string;
  stores: readonly { store: string; storeName: string; url: string | null }[];
}) {
  const t = useT();
  const save = useSaveStoreLink();
  const [store, setStore] = useState(stores[0]?.store ?? "");
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const parsed = storeLinkInputSchema.safeParse({ url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? STORE_LINK_MESSAGES.notHttps);
      document.getElementById("store-link-url")?.focus();
      return;
    }
    try {
      await save.mutateAsync({ id: releaseId, store, url: parsed.data.url });
      setError(null);
      setUrl("");
      setSaved(`${STORE_LINK_MESSAGES.saved} for ${stores.find((s) => s.store === store)?.storeName ?? store}.`);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
      <FormField id="store-link-store" label={t("analytics.store")}>
        {(control) => (
          <Select {...control} value={store} onChange={(e) => setStore(e.target.value)}>
            {stores.map((s) => (
              <option key={s.store} value={s.store}>
                {s.storeName}
                {s.url ? t("storeLink.has") : ""}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id="store-link-url" label={t("storeLink.link")} error={error}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            placeholder="https://open.spotify.com/album/…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-6" disabled={save.isPending}>
        {t("storeLink.save")}
      </Button>
      <p role="status" className="text-sm text-muted-foreground sm:col-span-3">
        {saved}
      </p>
    </form>
  );
}
