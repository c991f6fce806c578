import type { MobileTemplate } from '@panalo/contract/merchant';

export type TemplateVersion = 'new' | 'base';

/** Spec §4: mobileTemplate mem_cen '1' selects the new member-centre version, anything else the base one. */
export function memberCentreVersion(template: Pick<MobileTemplate, 'mem_cen'>): TemplateVersion {
  return template.mem_cen === '1' ? 'new' : 'base';
}

/** Spec §4: mobileTemplate dep_func '1' selects the new deposit-detail version, anything else the base one. */
export function depositDetailVersion(template: Pick<MobileTemplate, 'dep_func'>): TemplateVersion {
  return template.dep_func === '1' ? 'new' : 'base';
}
