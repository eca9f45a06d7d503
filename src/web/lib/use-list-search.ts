import { useState } from "react";
import { useSearchParams } from "react-router";
import { useDebounced } from "#web/lib/use-debounced";

/**
 * Search and paging state of an admin list: starts from ?q= (the header search links here), goes
 * back to page 1 when the search changes, and queries the server once typing pauses.
 */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const [search, setSearchState] = useState(params.get("q") ?? "");
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const setSearch = (value: string) => {
    setSearchState(value);
    setPage(1);
    if (params.get("q")) setParams({}, { replace: true });
  };
  return { search, setSearch, q, page, setPage };
}
