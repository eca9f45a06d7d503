import { useMutation } from "@tanstack/react-query";
import type { ContactMessageInput } from "#domain/contact";
import { call, client } from "#web/lib/api-client";

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageInput) => call(client.contact.$post({ json: input })),
  });
}
