import { ChevronDown, Search } from "lucide-react";
import { Accordion } from "radix-ui";
import { useId, useState } from "react";
import { FAQ, SUPPORT_MESSAGES, searchFaq } from "#domain/support";
import { FormField } from "#web/components/ui/form-field";
import { Input } from "#web/components/ui/input";
import { useT } from "#web/lib/i18n";

/** The FAQ with a search over questions and answers; one item open at a time. */
export function FaqList() {
  const t = useT();
  const [term, setTerm] = useState("");
  const searchId = useId();
  const items = searchFaq(FAQ, term);
  return (
    <div className="grid gap-4">
      <FormField id={searchId} label={t("faq.search")}>
        {(control) => (
          <div className="relative">
            <Search className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" aria-hidden />
            <Input
              {...control}
              type="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder={t("faq.placeholder")}
              className="pl-9"
            />
          </div>
        )}
      </FormField>
      {items.length === 0 ? (
        <p role="status" className="rounded-lg border border-border p-6 text-center text-muted-foreground">
          {SUPPORT_MESSAGES.faqEmpty}
        </p>
      ) : (
        <Accordion.Root type="single" collapsible className="divide-y divide-border rounded-lg border border-border">
          {items.map((item) => (
            <Accordion.Item key={item.id} value={item.id}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-medium hover:bg-muted">
                  {item.question}
                  <ChevronDown
                    className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                    aria-hidden
                  />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-4 pb-4 text-sm leading-relaxed text-muted-foreground">
                {item.answer}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      )}
    </div>
  );
}
