// The shell of our server-rendered public pages (a release's smart link, a provenance record): one
// small self-contained document with Open Graph tags, readable by apps that unfurl links.
import { escapeHtml } from "#domain/public-pages";

export function publicPageHtml(opts: {
  title: string;
  description: string;
  url: string;
  image: string;
  body: string;
  /** The Open Graph type: a release is an album; anything else a web page. */
  type?: "music.album" | "website";
}) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)} | Kalrav</title>
<meta name="description" content="${escapeHtml(opts.description)}">
<link rel="canonical" href="${escapeHtml(opts.url)}">
<meta property="og:type" content="${opts.type ?? "music.album"}">
<meta property="og:site_name" content="Kalrav">
<meta property="og:title" content="${escapeHtml(opts.title)}">
<meta property="og:description" content="${escapeHtml(opts.description)}">
<meta property="og:url" content="${escapeHtml(opts.url)}">
<meta property="og:image" content="${escapeHtml(opts.image)}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${escapeHtml(opts.title)}">
<meta name="twitter:description" content="${escapeHtml(opts.description)}">
<meta name="twitter:image" content="${escapeHtml(opts.image)}">
<style>
  :root { color-scheme: dark; --bg: #14121f; --fg: #f5f3ff; --muted: #c4bfdc; --accent: #a78bfa; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--fg);
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; display: grid; place-items: center; }
  main { width: min(100%, 28rem); padding: 2rem 1.25rem; text-align: center; }
  img { width: 100%; height: auto; aspect-ratio: 1; object-fit: cover; border-radius: 1rem; background: #2a2640; }
  h1 { margin: 1.25rem 0 0.25rem; font-size: 1.75rem; }
  .artist { margin: 0; color: var(--muted); font-size: 1.1rem; }
  .note { margin: 1rem 0 0; color: var(--muted); }
  ul { list-style: none; padding: 0; margin: 1.5rem 0 0; display: grid; gap: 0.75rem; }
  a.store { display: flex; justify-content: space-between; align-items: center; padding: 0.9rem 1.1rem;
    border-radius: 0.75rem; background: #26223a; color: var(--fg); text-decoration: none; font-weight: 600; }
  a.store:hover, a.store:focus-visible { background: #332d4f; outline: 2px solid var(--accent); outline-offset: 2px; }
  a.store span { color: var(--accent); }
  li.soon { padding: 0.9rem 1.1rem; border-radius: 0.75rem; border: 1px solid #3a3454; color: var(--muted); }
  dl { text-align: left; display: grid; gap: 0.25rem 1rem; grid-template-columns: max-content 1fr; margin: 1rem 0 0; }
  dt { color: var(--muted); } dd { margin: 0; }
  code { font-size: 0.8rem; word-break: break-all; }
  h2 { margin: 1.5rem 0 0.25rem; font-size: 1.1rem; text-align: left; }
  .about { text-align: left; } .about p { margin: 0.25rem 0 0; color: var(--muted); }
  .about ul { margin-top: 0.5rem; display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; }
  .about a { color: var(--accent); }
  .verdict { margin: 1rem 0 0; padding: 0.75rem 1rem; border-radius: 0.75rem; font-weight: 600; }
  .valid { background: #14532d; } .invalid { background: #7f1d1d; }
  footer { margin-top: 2rem; font-size: 0.85rem; color: var(--muted); }
  footer a { color: var(--accent); }
</style>
</head>
<body>
<main>
${opts.body}
<footer>Distributed with <a href="/">Kalrav</a></footer>
</main>
</body>
</html>`;
}
