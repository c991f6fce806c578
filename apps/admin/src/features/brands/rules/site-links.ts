/**
 * The brand's member site and console at its main domain, on this console's scheme and port (in
 * development, a brand domain pointed at this machine reaches the same server: http://<domain>:<port>/…).
 */
export function brandLinks(mainDomain: string, here: { protocol: string; port: string }) {
  const origin = `${here.protocol}//${mainDomain}${here.port ? `:${here.port}` : ''}`;
  return { site: `${origin}/m/home`, console: `${origin}/admin/` };
}
