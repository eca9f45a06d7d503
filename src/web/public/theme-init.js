// Applies the saved theme before first paint; an external file because the CSP allows no inline script.
(() => {
  let saved = null;
  try {
    saved = localStorage.getItem("theme");
  } catch {
    // Storage unavailable: the default applies.
  }
  const theme = saved === "light" || saved === "dark" || saved === "system" ? saved : "dark";
  const dark = theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
})();
