/** True for an absolute http(s) URL: "starts with http" made strict (no javascript:, no relative paths). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** The public pages a visitor (and a search engine) may visit: the sitemap lists them. */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/features",
  "/pricing",
  "/artist-services",
  "/production",
  "/contact",
  "/support-page",
  "/login",
  "/register",
] as const;

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
