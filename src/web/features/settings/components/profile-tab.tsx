import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { AVATAR_MAX_BYTES, type ProfileInput, profileSchema, SETTINGS_MESSAGES } from "#domain/settings";
import { Button } from "#web/components/ui/button";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Skeleton } from "#web/components/ui/skeleton";
import { Textarea } from "#web/components/ui/textarea";
import { toast } from "#web/components/ui/toast";
import { UserBadge } from "#web/components/user-badge";
import { useChangeEmail } from "#web/features/settings/api/change-email";
import { type Profile, useProfile } from "#web/features/settings/api/get-profile";
import { useSaveProfile } from "#web/features/settings/api/save-profile";
import { useUploadAvatar } from "#web/features/settings/api/upload-avatar";
import { fieldErrorsOf } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";

/** The profile's fields in the form's order: the first one at fault takes the focus. */
const PROFILE_FIELDS = ["name", "bio", "website", "instagram", "twitter"] as const;

const failed = (err: unknown) =>
  toast({
    title: SETTINGS_MESSAGES.failedTitle,
    description: err instanceof Error ? err.message : String(err),
    variant: "destructive",
  });

function ProfileForm({ profile }: { profile: Profile }) {
  const t = useT();
  const save = useSaveProfile();
  const changeEmail = useChangeEmail();
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<Required<ProfileInput> & { email: string; currentPassword: string }>({
    defaultValues: { ...profile, currentPassword: "" },
  });
  const typedEmail = form.watch("email");
  // Changing the sign-in address needs the current password (someone at an unlocked screen cannot).
  const emailChanging = Boolean(typedEmail?.trim()) && typedEmail.trim().toLowerCase() !== profile.email;
  const passwordError = form.formState.errors.currentPassword?.message;
  const errorOf = (field: (typeof PROFILE_FIELDS)[number]) => form.formState.errors[field]?.message;
  /** A field's aria attributes and the id of its message, beside it. */
  const [avatarError, setAvatarError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ email, currentPassword, ...values }) => {
    form.clearErrors();
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error, PROFILE_FIELDS);
      const first = PROFILE_FIELDS.find((field) => errors[field]);
      for (const field of PROFILE_FIELDS) {
        const message = errors[field];
        if (message) form.setError(field, { message }, { shouldFocus: field === first });
      }
      return;
    }
    const newEmail = email.trim().toLowerCase();
    const changing = Boolean(newEmail) && newEmail !== profile.email;
    if (changing && !currentPassword) {
      form.setError("currentPassword", { message: SETTINGS_MESSAGES.emailChangePassword }, { shouldFocus: true });
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      if (changing) {
        await changeEmail.mutateAsync({ newEmail, password: currentPassword });
        form.setValue("currentPassword", "");
        toast({ title: SETTINGS_MESSAGES.emailChangeTitle, description: SETTINGS_MESSAGES.emailChange(newEmail) });
      } else {
        toast({ title: SETTINGS_MESSAGES.profileUpdatedTitle, description: SETTINGS_MESSAGES.profileUpdated });
      }
    } catch (err) {
      failed(err);
    }
  });

  const onFile = async (file: File | undefined) => {
    setAvatarError(null);
    if (!file) return;
    const refusal = !["image/png", "image/jpeg"].includes(file.type)
      ? SETTINGS_MESSAGES.avatarWrongType
      : file.size > AVATAR_MAX_BYTES
        ? SETTINGS_MESSAGES.avatarTooLarge
        : null;
    if (refusal) {
      setAvatarError(refusal);
      if (fileInput.current) fileInput.current.value = "";
      fileInput.current?.focus();
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast({ title: SETTINGS_MESSAGES.avatarUpdatedTitle, description: SETTINGS_MESSAGES.profileUpdated });
    } catch (err) {
      failed(err);
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="flex flex-wrap items-center gap-4">
        <UserBadge user={{ ...profile, name: "" }} />
        <FormField
          id="avatar-file"
          label={t("profile.picture")}
          hint={t("profile.pictureHint")}
          error={avatarError}
          announce
        >
          {(control) => (
            <input
              {...control}
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg"
              onChange={(e) => onFile(e.target.files?.[0])}
              className="text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5"
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-name" label={t("profile.name")} error={errorOf("name")}>
          {(control) => <Input {...control} autoComplete="name" {...form.register("name")} />}
        </FormField>
        <FormField id="profile-email" label={t("profile.email")} hint={t("profile.emailHint")}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register("email")} />}
        </FormField>
        {emailChanging && (
          <FormField
            id="profile-current-password"
            label={t("profile.currentPassword")}
            error={passwordError}
            hint={passwordError ? undefined : t("profile.currentPasswordHint")}
          >
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                {...form.register("currentPassword")}
              />
            )}
          </FormField>
        )}
      </div>
      <FormField id="profile-bio" label={t("profile.bio")} error={errorOf("bio")}>
        {(control) => <Textarea {...control} maxLength={1000} {...form.register("bio")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="profile-website" label={t("profile.website")} error={errorOf("website")}>
          {(control) => (
            <Input
              {...control}
              type="url"
              placeholder={t("profile.websitePlaceholder")}
              {...form.register("website")}
            />
          )}
        </FormField>
        <FormField id="profile-instagram" label={t("profile.instagram")} error={errorOf("instagram")}>
          {(control) => (
            <Input {...control} placeholder={t("profile.handlePlaceholder")} {...form.register("instagram")} />
          )}
        </FormField>
        <FormField id="profile-twitter" label={t("profile.twitter")} error={errorOf("twitter")}>
          {(control) => (
            <Input {...control} placeholder={t("profile.handlePlaceholder")} {...form.register("twitter")} />
          )}
        </FormField>
      </div>
      <Button type="submit" disabled={submitting} className="justify-self-start">
        {submitting ? t("profile.saving") : t("profile.save")}
      </Button>
    </form>
  );
}

export function ProfileTab() {
  const t = useT();
  const profile = useProfile();
  if (profile.isPending) return <Skeleton className="h-64" />;
  if (profile.isError) return <p role="alert">{t("profile.loadFailed")}</p>;
  return <ProfileForm profile={profile.data} />;
}
