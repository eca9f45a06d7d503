import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ArtistInput } from "#domain/artists";
import { type Answer, call, client } from "#web/lib/api-client";

export type ArtistList = Answer<typeof client.artists.$get>;
export type Artist = ArtistList["artists"][number];

const key = ["artists"] as const;

/** GET /api/artists: the active workspace's artist profiles and how many its plan holds. */
export const useArtists = () => useQuery({ queryKey: key, queryFn: () => call(client.artists.$get()) });

/** POST /api/artists or PUT /api/artists/:id: a new profile, or a change to one. */
export function useSaveArtist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ArtistInput }) =>
      id
        ? call(client.artists[":id"].$put({ param: { id }, json: input as never }))
        : call(client.artists.$post({ json: input as never })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: ["workspace-audit"] });
    },
  });
}

export function useDeleteArtist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.artists[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
