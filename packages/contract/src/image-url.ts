/**
 * Where an image of the content (a banner, an icon) is fetched from (SHELL-058): a relative path of
 * the image store on the image host picked for the page load; an absolute, protocol-relative, data or
 * site-rooted URL (an uploaded banner is served by the API at /api/content/banner-images/…) as it is.
 * The server's preload of home's first banner and the site's own <img> use this one rule, so that the
 * browser fetches the image once.
 */
export function imageUrl(host: string, path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:') || path.startsWith('/')) return path;
  return `${host}/img/${path}`;
}
