import fp from 'fastify-plugin';
import type { ProviderPermission } from '@panalo/contract/provider-rules';
import { DomainError } from '../lib/domain-error';
import {
  providerAuthService,
  requireProviderPermission,
  type ProviderCaller,
} from '../modules/provider/provider-auth.service';
import type { AppContext } from '../context';

/** A provider route and the permission it declares (the provider's route × role tests read them). */
export interface ProviderRoute {
  method: string;
  url: string;
  permission: ProviderPermission | 'self' | 'public';
}
/** The provider routes of each built app, by its context. */
export const providerRoutes = new WeakMap<AppContext, ProviderRoute[]>();

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,128})$/;

/**
 * The provider's door (issue 51): a route with `config.provider` belongs to the provider, above every
 * merchant. Its caller is a provider session (its own table: a member's or a brand staff member's token is
 * unknown here), and the role must hold the route's permission ('public': the sign-in). A provider route
 * never declares `auth` (the merchants' rule), and every route under /provider declares `provider`.
 */
export default fp(
  async (app) => {
    app.decorateRequest('provider', null);
    const auth = providerAuthService(app.ctx.db, app.ctx.clock, app.ctx.limits);
    const declared: ProviderRoute[] = [];
    providerRoutes.set(app.ctx, declared);
    app.addHook('onRoute', (route) => {
      const config = route.config as { auth?: string; provider?: ProviderRoute['permission'] } | undefined;
      const name = `${[route.method].flat().join(',')} ${route.url}`;
      const underProvider = /^(\/api)?\/provider\//.test(route.url);
      if (!config?.provider) {
        if (underProvider) throw new Error(`provider route ${name} declares no provider permission`);
        return;
      }
      if (!underProvider) throw new Error(`route ${name} declares a provider permission outside /provider`);
      if (config.auth) throw new Error(`provider route ${name} also declares a merchant rule`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') declared.push({ method, url: route.url, permission: config.provider });
      }
    });
    app.addHook('preValidation', async (request) => {
      const permission = request.routeOptions.config.provider;
      if (!permission || permission === 'public') return;
      const m = BEARER.exec(request.headers.authorization ?? '');
      const caller = m?.[1] ? await auth.authenticate(m[1]) : null;
      if (!caller) {
        throw new DomainError('provider_login_required', 401, 'Sign in to the provider console first');
      }
      requireProviderPermission(caller, permission);
      request.provider = caller;
    });
  },
  { name: 'provider-session', dependencies: ['merchant'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** The provider staff member calling a provider route; null elsewhere. */
    provider: ProviderCaller | null;
  }
  interface FastifyContextConfig {
    /** A provider route: the permission its caller's provider role must hold ('public': anyone). */
    provider?: ProviderPermission | 'self' | 'public';
  }
}
