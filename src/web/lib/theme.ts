import { useCallback, useEffect, useSyncExternalStore } from "react";

export type Theme = "light" | "dark" | "system";
export const THEME_STORAGE_KEY = "theme";
export const DEFAULT_THEME: Theme = "dark";

function readTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    if (saved === "light" || saved === "dark" || saved === "system") return saved;
  } catch {
    // Storage can be unavailable (private mode); the default applies.
  }
  return DEFAULT_THEME;
}

function applyTheme(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}

const THEME_CHANGED = "kalrav:theme";
const subscribe = (onChange: () => void) => {
  window.addEventListener(THEME_CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(THEME_CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
};

/**
 * The saved theme as an external store: a prerendered page is hydrated with the default theme and
 * then re-rendered with the saved one, so the pressed button is never the server's guess.
 */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, readTheme, () => DEFAULT_THEME);
  useEffect(() => {
    applyTheme(theme);
    if (theme !== "system") return;
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => applyTheme("system");
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [theme]);
  const setTheme = useCallback((next: Theme) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Not persisted; applied for this page only.
      applyTheme(next);
    }
    window.dispatchEvent(new Event(THEME_CHANGED));
  }, []);
  return { theme, setTheme };
}
