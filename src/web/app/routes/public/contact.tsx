import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { firstIssueMessage } from "#domain/auth";
import { CONTACT } from "#domain/business";
import { CONTACT_MESSAGES, type ContactMessageInput, contactMessageSchema } from "#domain/contact";
import { usePublicPageMeta } from "#web/components/page-title";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { Textarea } from "#web/components/ui/textarea";
import { toast } from "#web/components/ui/toast";
import { useSendContactMessage } from "#web/features/marketing/api/send-contact-message";
import { PageHero } from "#web/features/marketing/components/page-hero";
import { fieldErrorsOf, focusFirstError } from "#web/lib/field-errors";
import { useT } from "#web/lib/i18n";
import { useHydrated } from "#web/lib/use-hydrated";

const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
type ContactField = (typeof CONTACT_FIELDS)[number];

export function ContactPage() {
  usePublicPageMeta("/contact");
  const t = useT();
  const [params] = useSearchParams();
  const send = useSendContactMessage();
  const hydrated = useHydrated();
  const form = useForm<ContactMessageInput>({
    defaultValues: { name: "", email: "", subject: params.get("subject")?.slice(0, 200) ?? "", message: "" },
  });

  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      // Each message beside its field (focus on the first); the spec's toast still says it too.
      const found = fieldErrorsOf(parsed.error, CONTACT_FIELDS);
      // "Please fill out all fields" is about the whole form: it goes beside the first empty field.
      const empty = CONTACT_FIELDS.find((field) => !values[field].trim());
      if (!Object.keys(found).length && empty) found[empty] = firstIssueMessage(parsed.error);
      setErrors(found);
      focusFirstError(found, CONTACT_FIELDS, (field) => `contact-${field}`);
      toast({
        title: CONTACT_MESSAGES.missingTitle,
        description: firstIssueMessage(parsed.error),
        variant: "destructive",
      });
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync(parsed.data);
      toast({ title: CONTACT_MESSAGES.sentTitle, description: CONTACT_MESSAGES.sent });
      form.reset({ name: "", email: "", subject: "", message: "" });
    } catch (err) {
      toast({ title: CONTACT_MESSAGES.failedTitle, description: (err as Error).message, variant: "destructive" });
    }
  });
  const submitting = form.formState.isSubmitting;

  return (
    <>
      <PageHero title={t("page.contact.title")}>{t("contactPage.intro")}</PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[2fr_1fr]">
        <Card>
          <h2 className="text-xl font-semibold">{t("contactPage.send")}</h2>
          <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4">
            {/* Disabled until the prerendered page is live (see useHydrated). */}
            <fieldset disabled={!hydrated} className="contents">
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField id="contact-name" label={t("contactPage.name")} error={errors.name}>
                  {(control) => <Input {...control} autoComplete="name" required {...form.register("name")} />}
                </FormField>
                <FormField id="contact-email" label={t("contactPage.email")} error={errors.email}>
                  {(control) => (
                    <Input {...control} type="email" autoComplete="email" required {...form.register("email")} />
                  )}
                </FormField>
              </div>
              <FormField id="contact-subject" label={t("contactPage.subject")} error={errors.subject}>
                {(control) => <Input {...control} required maxLength={200} {...form.register("subject")} />}
              </FormField>
              <FormField id="contact-message" label={t("contactPage.message")} error={errors.message}>
                {(control) => (
                  <Textarea {...control} required maxLength={5000} rows={6} {...form.register("message")} />
                )}
              </FormField>
              <Button type="submit" disabled={submitting} className="justify-self-start">
                {submitting ? CONTACT_MESSAGES.sending : t("contactPage.submit")}
              </Button>
            </fieldset>
          </form>
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <h2 className="text-lg font-semibold">{t("contactPage.details")}</h2>
            <ul className="mt-4 grid gap-3 text-sm">
              <li className="flex gap-3">
                <Mail className="h-5 w-5 shrink-0 text-primary" aria-hidden />
                <a className="hover:underline" href={`mailto:${CONTACT.supportEmail}`}>
                  {CONTACT.supportEmail}
                </a>
              </li>
              <li className="flex gap-3">
                <Phone className="h-5 w-5 shrink-0 text-primary" aria-hidden />
                <a className="hover:underline" href={`tel:${CONTACT.phone.replace(/\s/g, "")}`}>
                  {CONTACT.phone}
                </a>
              </li>
              <li className="flex gap-3">
                <MapPin className="h-5 w-5 shrink-0 text-primary" aria-hidden />
                <address className="not-italic">{CONTACT.address.join(", ")}</address>
              </li>
            </ul>
          </Card>
          <Card>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <Clock className="h-5 w-5 text-primary" aria-hidden />
              {t("contactPage.hours")}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{CONTACT.businessHours}</p>
          </Card>
        </div>
      </div>
    </>
  );
}
