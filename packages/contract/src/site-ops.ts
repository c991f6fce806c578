import { z } from 'zod';
import { ok } from './common';
import { noControl } from './content-ops';
import { registrationField } from './merchant';
import { REGISTRATION_FIELDS } from './registration-rules';

// The console's site screen, the rest of it (issue 20 screen 8): the registration form's rules and the
// site's domains.

export const OPS_SITE_REGISTRATION_PATH = '/ops/site/registration';
export const OPS_SITE_DOMAINS_PATH = '/ops/site/domains';

const reason = z.string().trim().min(3).max(200).refine(noControl);

/** One field of the registration form as the site has it: shown or not, required or not, its pattern. */
export const opsRegistrationRule = z.object({
  field: registrationField,
  enabled: z.boolean(),
  required: z.boolean(),
  regExp: z.string().nullable(),
  /** The message key the member reads when the rule fails (the site's translations). */
  message: z.string(),
});
export type OpsRegistrationRule = z.infer<typeof opsRegistrationRule>;
export const opsRegistrationResponse = ok(z.object({ rules: z.array(opsRegistrationRule) }));
export const opsRegistrationRequest = z.object({
  /** The fields to change; the others keep their rules. */
  rules: z
    .partialRecord(
      registrationField,
      z.object({
        enabled: z.boolean(),
        required: z.boolean(),
        regExp: z.string().max(200).nullable(),
      }),
    )
    .refine((r) => Object.keys(r).length > 0),
  reason,
});
export type OpsRegistrationRequest = z.infer<typeof opsRegistrationRequest>;

/** A host name as a browser sends it, lower case: labels of letters, digits and hyphens (an IP too). */
export const domainName = z
  .string()
  .max(253)
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/);
export const opsDomains = z.object({ main: z.string(), domains: z.array(z.string()) });
export type OpsDomains = z.infer<typeof opsDomains>;
export const opsDomainsResponse = ok(opsDomains);
export const opsDomainRequest = z.object({ domain: domainName, reason });
export const opsDomainParams = z.object({ domain: domainName });
export const opsDomainDeleteRequest = z.object({ reason });
export { REGISTRATION_FIELDS };
