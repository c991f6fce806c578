/**
 * The customer-service link (AUTH-023): the merchant's external address, or our own customer-service
 * page when the merchant has none (or gives something that is not a web address).
 */
export function customerServiceLink(path: string | null): { external: boolean; href: string } {
  if (path && /^https?:\/\//i.test(path)) return { external: true, href: path };
  return { external: false, href: '/m/service' };
}
