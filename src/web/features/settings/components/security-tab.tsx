import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { CHANGE_PASSWORD_MIN_LENGTH } from "#domain/auth";
import { MESSAGES } from "#domain/messages";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { toast } from "#web/components/ui/toast";
import { paths } from "#web/config/paths";
import { useChangePassword } from "#web/features/settings/api/change-password";
import { useConfirmTwoFactor } from "#web/features/settings/api/confirm-two-factor";
import { useDeleteAccount } from "#web/features/settings/api/delete-account";
import { useDisableTwoFactor } from "#web/features/settings/api/disable-two-factor";
import { useEnableTwoFactor } from "#web/features/settings/api/enable-two-factor";
import { useSignOutEverywhere } from "#web/features/settings/api/sign-out-everywhere";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: err instanceof Error ? err.message : String(err), variant: "destructive" });

function ChangePassword() {
  const t = useT();
  const change = useChangePassword();
  const form = useForm({ defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" } });
  // The message also sits beside the field at fault, which takes focus; the toast says it too.
  const [fault, setFault] = useState<{ field: "newPassword" | "confirmPassword"; message: string } | null>(null);
  const blame = (field: "newPassword" | "confirmPassword", message: string) => {
    setFault({ field, message });
    document.getElementById(field === "newPassword" ? "new-password" : "confirm-new-password")?.focus();
  };
  const faultOf = (field: "newPassword" | "confirmPassword") => (fault?.field === field ? fault.message : null);
  const onSubmit = form.handleSubmit(async (v) => {
    setFault(null);
    if (v.newPassword !== v.confirmPassword) {
      blame("confirmPassword", MESSAGES.changePassword.mismatch);
      return toast({
        title: MESSAGES.changePassword.mismatchTitle,
        description: MESSAGES.changePassword.mismatch,
        variant: "destructive",
      });
    }
    if (v.newPassword.length < CHANGE_PASSWORD_MIN_LENGTH) {
      blame("newPassword", MESSAGES.changePassword.weak);
      return toast({
        title: MESSAGES.changePassword.weakTitle,
        description: MESSAGES.changePassword.weak,
        variant: "destructive",
      });
    }
    try {
      await change.mutateAsync({ currentPassword: v.currentPassword, newPassword: v.newPassword });
      form.reset();
      toast({ title: MESSAGES.changePassword.updatedTitle, description: MESSAGES.changePassword.updated });
    } catch (err) {
      failed(MESSAGES.changePassword.failedTitle)(err);
    }
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t("security.changePassword")}</h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:max-w-md">
        <FormField id="current-password" label={t("security.current")}>
          {(control) => (
            <Input {...control} type="password" autoComplete="current-password" {...form.register("currentPassword")} />
          )}
        </FormField>
        <FormField id="new-password" label={t("security.new")} error={faultOf("newPassword")}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.register("newPassword")} />
          )}
        </FormField>
        <FormField id="confirm-new-password" label={t("security.confirm")} error={faultOf("confirmPassword")}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
          )}
        </FormField>
        <Button type="submit" disabled={form.formState.isSubmitting} className="justify-self-start">
          {form.formState.isSubmitting ? t("security.updating") : t("security.update")}
        </Button>
      </form>
    </Card>
  );
}

function TwoFactor() {
  const t = useT();
  const { data: user } = useSession();
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [setup, setSetup] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [savedCodes, setSavedCodes] = useState<string[] | null>(null);
  const enabled = user?.twoFactorEnabled ?? false;

  useEffect(() => {
    if (!setup) return setQr(null);
    QRCode.toDataURL(setup.totpURI, { margin: 1, width: 200 }).then(setQr, () => setQr(null));
  }, [setup]);

  const start = async () => {
    try {
      setSetup(await enable.mutateAsync(password));
      setPassword("");
    } catch (err) {
      failed(MESSAGES.changePassword.failedTitle)(err);
    }
  };
  const finish = async () => {
    try {
      await confirm.mutateAsync(code.trim());
      setSavedCodes(setup?.backupCodes ?? null);
      setSetup(null);
      setCode("");
      toast({ title: MESSAGES.twoFactor.enabledTitle, description: MESSAGES.twoFactor.enabled });
    } catch {
      toast({
        title: MESSAGES.changePassword.failedTitle,
        description: MESSAGES.twoFactor.invalidCode,
        variant: "destructive",
      });
    }
  };
  const turnOff = async () => {
    try {
      await disable.mutateAsync(password);
      setPassword("");
      setSavedCodes(null);
      toast({ title: MESSAGES.twoFactor.disabledTitle, description: MESSAGES.twoFactor.disabled });
    } catch (err) {
      failed(MESSAGES.changePassword.failedTitle)(err);
    }
  };
  const secret = setup ? new URL(setup.totpURI).searchParams.get("secret") : null;

  return (
    <Card>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t("security.twoFactor")}</h2>
        <Badge tone={enabled ? "success" : "neutral"}>{enabled ? t("security.on") : t("security.off")}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t("security.twoFactorHint")}</p>

      {savedCodes && (
        <div className="mt-4 rounded-lg border border-border p-4">
          <h3 className="font-medium">{t("security.backupCodes")}</h3>
          <p className="text-sm text-muted-foreground">{t("security.backupHint")}</p>
          <ul
            aria-label={t("security.backupList")}
            className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5"
          >
            {savedCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}

      {setup ? (
        <div className="mt-4 grid gap-4 sm:max-w-md">
          <p className="text-sm">{t("security.scan")}</p>
          {qr && <img src={qr} alt={t("security.qrAlt")} width={200} height={200} className="rounded bg-white p-2" />}
          <p className="text-sm">
            {t("security.setupKey")} <code className="break-all font-mono">{secret}</code>
          </p>
          <FormField id="totp-confirm" label={t("security.codeLabel")}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </FormField>
          <div className="flex gap-2">
            <Button onClick={finish} disabled={confirm.isPending || !code.trim()}>
              {t("security.confirmOn")}
            </Button>
            <Button variant="outline" onClick={() => setSetup(null)}>
              {t("ui.cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4 grid gap-3 sm:max-w-md">
          <FormField id="two-factor-password" label={t("security.yourPassword")}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </FormField>
          {enabled ? (
            <Button
              variant="outline"
              onClick={turnOff}
              disabled={!password || disable.isPending}
              className="justify-self-start"
            >
              {t("security.turnOff")}
            </Button>
          ) : (
            <Button onClick={start} disabled={!password || enable.isPending} className="justify-self-start">
              {t("security.setUp")}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

function Sessions() {
  const t = useT();
  const signOut = useSignOutEverywhere();
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t("security.sessions")}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("security.sessionsHint")}</p>
      <Button variant="outline" className="mt-4" onClick={() => setOpen(true)}>
        {t("security.signOutAll")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("security.sure")}
        description={t("security.signOutAllHint")}
        confirmLabel={t("security.signOutAll")}
        pending={signOut.isPending}
        onConfirm={() =>
          signOut.mutateAsync().then(() => {
            setOpen(false);
            toast({ title: MESSAGES.sessions.signedOutTitle, description: MESSAGES.sessions.signedOut });
          }, failed(MESSAGES.changePassword.failedTitle))
        }
      />
    </Card>
  );
}

function DeleteAccount() {
  const t = useT();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(password);
      setOpen(false);
      toast({ title: MESSAGES.deleteAccount.doneTitle, description: MESSAGES.deleteAccount.done });
      navigate(paths.home, { replace: true });
    } catch (err) {
      failed(MESSAGES.changePassword.failedTitle)(err);
    }
  };
  return (
    <Card className="border-destructive">
      <h2 className="text-lg font-semibold">{t("security.deleteAccount")}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("security.deleteHint")}</p>
      <Button variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
        {t("security.deleteMine")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setPassword("");
        }}
        title={MESSAGES.deleteAccount.title}
        description={MESSAGES.deleteAccount.warning}
        confirmLabel={t("security.deleteForever")}
        pending={remove.isPending || !password}
        onConfirm={confirmDelete}
      >
        <FormField id="delete-password" label={t("security.passwordToConfirm")} className="mt-4">
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
      </ConfirmDialog>
    </Card>
  );
}

export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <ChangePassword />
      <TwoFactor />
      <Sessions />
      <DeleteAccount />
    </div>
  );
}
