import { type FormEvent, useState } from "react";
import { ARTIST_BIO_MAX, ARTIST_MESSAGES, ARTIST_NAME_MAX, type ArtistInput, artistInputSchema } from "#domain/artists";
import { LatinField } from "#web/components/latin-field";
import { Button } from "#web/components/ui/button";
import { Checkbox } from "#web/components/ui/checkbox";
import { FormError } from "#web/components/ui/form-error";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Textarea } from "#web/components/ui/textarea";
import { type Artist, useSaveArtist } from "#web/features/artists/api/artists";
import { ApiClientError } from "#web/lib/api-client";
import { fieldErrorsOf, focusFirstError } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";

const FIELDS = [
  "name",
  "nameLatin",
  "imageUrl",
  "bio",
  "links",
  "newToStores",
  "spotifyArtistUri",
  "appleMusicArtistId",
  "appKey",
] as const;
type Field = (typeof FIELDS)[number];
const idOf = (field: Field) => `artist-${field}`;

/**
 * An artist profile's form (issue 35). The Artist Profile Protection key is write-only: the form
 * says whether one is kept, takes a new one, or removes it, and never shows it.
 */
export function ArtistForm({ artist, onSaved }: { artist?: Artist; onSaved: (artist: Artist) => void }) {
  const t = useT();
  const save = useSaveArtist();
  const [values, setValues] = useState({
    name: artist?.name ?? "",
    nameLatin: artist?.nameLatin ?? "",
    imageUrl: artist?.imageUrl ?? "",
    bio: artist?.bio ?? "",
    links: (artist?.links ?? []).join("\n"),
    newToStores: artist?.newToStores ?? false,
    spotifyArtistUri: artist?.spotifyArtistUri ?? "",
    appleMusicArtistId: artist?.appleMusicArtistId ?? "",
    appKey: "",
    removeKey: false,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K]) => setValues((old) => ({ ...old, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: ArtistInput = {
      name: values.name,
      nameLatin: values.nameLatin,
      imageUrl: values.imageUrl,
      bio: values.bio,
      links: values.links
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
      newToStores: values.newToStores,
      spotifyArtistUri: values.spotifyArtistUri,
      appleMusicArtistId: values.appleMusicArtistId,
      // Empty keeps the key the profile has; "Remove" sends null.
      ...(values.removeKey ? { appKey: null } : values.appKey.trim() ? { appKey: values.appKey.trim() } : {}),
    };
    const parsed = artistInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error, FIELDS);
      setErrors(found);
      focusFirstError(found, FIELDS, idOf);
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(
      { id: artist?.id, input },
      {
        onSuccess: (data) => onSaved(data.artist),
        onError: (err) => {
          if (err instanceof ApiClientError && err.code === "ARTIST_EXISTS") {
            setErrors({ name: err.message });
            document.getElementById(idOf("name"))?.focus();
          } else setFormError(err.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField id={idOf("name")} label={t("splits.name")} error={errors.name}>
        {(c) => (
          <Input {...c} value={values.name} maxLength={ARTIST_NAME_MAX} onChange={(e) => set("name", e.target.value)} />
        )}
      </FormField>
      {/* A name in an Indian script also goes to the stores in Latin letters (issue 39). */}
      <LatinField
        id={idOf("nameLatin")}
        title={values.name}
        value={values.nameLatin}
        onChange={(value) => set("nameLatin", value)}
        label={ARTIST_MESSAGES.nameLatinLabel}
        hint={ARTIST_MESSAGES.nameLatinRequired}
        error={errors.nameLatin}
      />
      <FormField
        id={idOf("imageUrl")}
        label={t("artistForm.image")}
        hint={t("artistForm.imageHint")}
        error={errors.imageUrl}
      >
        {(c) => <Input {...c} type="url" value={values.imageUrl} onChange={(e) => set("imageUrl", e.target.value)} />}
      </FormField>
      <FormField id={idOf("bio")} label={t("artistForm.bio")} error={errors.bio}>
        {(c) => (
          <Textarea
            {...c}
            rows={3}
            maxLength={ARTIST_BIO_MAX}
            value={values.bio}
            onChange={(e) => set("bio", e.target.value)}
          />
        )}
      </FormField>
      <FormField id={idOf("links")} label={t("artistForm.links")} hint={t("artistForm.linksHint")} error={errors.links}>
        {(c) => <Textarea {...c} rows={2} value={values.links} onChange={(e) => set("links", e.target.value)} />}
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox
          id={idOf("newToStores")}
          checked={values.newToStores}
          onCheckedChange={(v) => set("newToStores", v === true)}
          aria-describedby={errors.newToStores ? `${idOf("newToStores")}-error` : undefined}
        />
        <label htmlFor={idOf("newToStores")} className="text-sm">
          {t("artistForm.newToStores")}
        </label>
      </div>
      {errors.newToStores ? (
        <p id={`${idOf("newToStores")}-error`} className="text-sm text-destructive">
          {errors.newToStores}
        </p>
      ) : null}
      <FormField
        id={idOf("spotifyArtistUri")}
        label={t("artistForm.spotify")}
        hint={t("artistForm.spotifyHint")}
        error={errors.spotifyArtistUri}
      >
        {(c) => (
          <Input
            {...c}
            value={values.spotifyArtistUri}
            disabled={values.newToStores}
            onChange={(e) => set("spotifyArtistUri", e.target.value)}
          />
        )}
      </FormField>
      <FormField
        id={idOf("appleMusicArtistId")}
        label={t("artistForm.apple")}
        hint={t("artistForm.appleHint")}
        error={errors.appleMusicArtistId}
      >
        {(c) => (
          <Input
            {...c}
            inputMode="numeric"
            value={values.appleMusicArtistId}
            disabled={values.newToStores}
            onChange={(e) => set("appleMusicArtistId", e.target.value)}
          />
        )}
      </FormField>
      <FormField
        id={idOf("appKey")}
        label={t("artistForm.appKey")}
        hint={artist?.hasAppKey ? t("artistForm.keyKept") : t("artistForm.keyNew")}
        error={errors.appKey}
      >
        {(c) => (
          <Input
            {...c}
            type="password"
            autoComplete="off"
            value={values.appKey}
            disabled={values.removeKey}
            onChange={(e) => set("appKey", e.target.value)}
          />
        )}
      </FormField>
      {artist?.hasAppKey ? (
        <div className="flex items-center gap-2">
          <Checkbox
            id="artist-remove-key"
            checked={values.removeKey}
            onCheckedChange={(v) => set("removeKey", v === true)}
          />
          <label htmlFor="artist-remove-key" className="text-sm">
            {t("artistForm.removeKey")}
          </label>
        </div>
      ) : null}
      {formError ? <FormError message={formError} /> : null}
      <Button type="submit" disabled={save.isPending}>
        {artist ? t("artistForm.save") : t("artistForm.create")}
      </Button>
    </form>
  );
}
