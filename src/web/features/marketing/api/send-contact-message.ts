import { useMutation } from "@tanstack/react-query";
import type { ContactMessageInput } from "#domain/contact";
import { api } from "#web/lib/api-client";

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageInput) => api<{ id: string }>("/contact", { body: input }),
  });
}
