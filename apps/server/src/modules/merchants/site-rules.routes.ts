import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@panalo/contract/common';
import {
  OPS_SITE_DOMAINS_PATH,
  OPS_SITE_REGISTRATION_PATH,
  opsDomainDeleteRequest,
  opsDomainParams,
  opsDomainRequest,
  opsDomainsResponse,
  opsRegistrationRequest,
  opsRegistrationResponse,
} from '@panalo/contract/site-ops';
import { siteRulesService } from './site-rules.service';

const tags = ['ops'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const config = { auth: 'operator' as const, permission: 'site' as const };
/** Where the brand is served is infrastructure, not look: adding or stopping a domain is the owner's. */
const control = { auth: 'operator' as const, permission: 'site.control' as const };

/** The console's site screen: the registration form's rules and the site's domains. */
export const siteRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = siteRulesService(app.ctx.db, app.ctx.clock);
  // Registration and the Host → site map read the merchant's row through the resolver's cache: this
  // process sees a change at once, the others within the cache's few seconds.
  const changed = <T>(value: T) => {
    app.ctx.merchants.clearCache();
    return { success: true as const, value };
  };

  app.get(
    OPS_SITE_REGISTRATION_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'The registration form’s rules: each field shown or not, required or not, its pattern',
        response: { 200: opsRegistrationResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await site.registration(req.merchant.id) }),
  );

  app.put(
    OPS_SITE_REGISTRATION_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Change some fields’ rules (a pattern must compile and be safe to run; audited)',
        body: opsRegistrationRequest,
        response: { 200: opsRegistrationResponse, ...errors },
      },
    },
    async (req) => changed(await site.setRegistration(req.merchant.id, req.session!.memberId, req.body)),
  );

  app.get(
    OPS_SITE_DOMAINS_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'The site’s domains and its main domain',
        response: { 200: opsDomainsResponse, ...errors },
      },
    },
    async (req) => ({ success: true as const, value: await site.domains(req.merchant.id) }),
  );

  app.post(
    OPS_SITE_DOMAINS_PATH,
    {
      config: control,
      schema: {
        tags,
        summary: 'Serve the site at one more domain (never another site’s; audited)',
        body: opsDomainRequest,
        response: { 200: opsDomainsResponse, ...errors },
      },
    },
    async (req) =>
      changed(await site.addDomain(req.merchant.id, req.session!.memberId, req.body.domain, req.body.reason)),
  );

  app.delete(
    `${OPS_SITE_DOMAINS_PATH}/:domain`,
    {
      config: control,
      schema: {
        tags,
        summary: 'Stop serving the site at a domain (never its main domain; audited)',
        params: opsDomainParams,
        body: opsDomainDeleteRequest,
        response: { 200: opsDomainsResponse, ...errors },
      },
    },
    async (req) =>
      changed(
        await site.removeDomain(req.merchant.id, req.session!.memberId, req.params.domain, req.body.reason),
      ),
  );
};
