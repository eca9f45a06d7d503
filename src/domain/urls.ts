import { PUBLIC_PAGE_PATHS } from "./public-pages";

/** True for an absolute http(s) URL: "starts with http" made strict (no javascript:, no relative paths). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** robots.txt: the public pages are open; the signed-in areas and the API are not for crawlers. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /app/",
    "Disallow: /admin/",
    "Disallow: /api/",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** sitemap.xml of the public pages, at the address people use. */
export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_PAGE_PATHS.map((p) => `  <url><loc>${publicUrl}${p === "/" ? "/" : p}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
