import { useEffect } from "react";

/** Sets the document title and meta description for the page shown. */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = title === "Kalrav" ? title : `${title} | Kalrav`;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);
}
