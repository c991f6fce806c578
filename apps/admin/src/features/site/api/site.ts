import type { z } from 'zod';
import type { OpsSite, opsSiteFlagsRequest } from '@panalo/contract/content-ops';
import type {
  OpsDomains,
  opsDomainDeleteRequest,
  opsDomainRequest,
  opsRegistrationRequest,
  opsRegistrationResponse,
} from '@panalo/contract/site-ops';
import type { opsThemeRequest, opsThemeResponse } from '@panalo/contract/site-theme';
import { api } from '../../../lib/api';

export type SiteFlagsRequest = z.input<typeof opsSiteFlagsRequest>;
export type ThemeRequest = z.input<typeof opsThemeRequest>;
export type ThemeAnswer = z.infer<typeof opsThemeResponse>['value'];
export type RegistrationRules = z.infer<typeof opsRegistrationResponse>['value'];
export type RegistrationRequest = z.input<typeof opsRegistrationRequest>;
export type DomainRequest = z.input<typeof opsDomainRequest>;
export type DomainDeleteRequest = z.input<typeof opsDomainDeleteRequest>;

/** The switches, the theme and the languages. */
export const getSite = () => api<OpsSite>('GET', '/ops/site');

/** `site.control`: the flags named change, the others keep their values; the answer is the whole site. */
export const saveFlags = (body: SiteFlagsRequest) => api<OpsSite>('PUT', '/ops/site/flags', { body });

export const saveTheme = (body: ThemeRequest) => api<ThemeAnswer>('PUT', '/ops/site/theme', { body });

export const getRegistration = () => api<RegistrationRules>('GET', '/ops/site/registration');

/** The fields named change, the others keep their rules; the answer is every rule. */
export const saveRegistration = (body: RegistrationRequest) =>
  api<RegistrationRules>('PUT', '/ops/site/registration', { body });

export const getDomains = () => api<OpsDomains>('GET', '/ops/site/domains');

/** `site.control`; the answer is the domains after the change. */
export const addDomain = (body: DomainRequest) => api<OpsDomains>('POST', '/ops/site/domains', { body });

/** `site.control` (never the main one); the answer is the domains after the change. */
export const removeDomain = (domain: string, body: DomainDeleteRequest) =>
  api<OpsDomains>('DELETE', `/ops/site/domains/${encodeURIComponent(domain)}`, { body });
