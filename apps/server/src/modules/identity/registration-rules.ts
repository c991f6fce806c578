import {
  REGISTRATION_FIELDS,
  type RegistrationField,
  type RegistrationRules,
} from '@panalo/contract/merchant';

/** Registration fields as sent (absent, empty or a string). */
export type FieldValues = Partial<Record<RegistrationField, string | undefined>>;

export interface FieldPlan {
  /** Fields this registration needs whatever the rules say (the method's own fields). */
  required: ReadonlySet<RegistrationField>;
  /** Fields kept even when their rule is off (an invitation code from a link). */
  kept: ReadonlySet<RegistrationField>;
  /** Fields checked elsewhere or not at all (captcha, SMS code, confirmation…). */
  skipped: ReadonlySet<RegistrationField>;
}

export type FieldCheck =
  | { ok: true; values: Partial<Record<RegistrationField, string>> }
  | { ok: false; field: RegistrationField; rule: string };

// Passwords are taken exactly as typed; every other field is trimmed.
const untrimmed = new Set<RegistrationField>(['password', 'confirmPassword', 'paymentPassword']);

/** The rule's pattern; a pattern the merchant mistyped is treated as absent rather than refusing everyone. */
function matches(pattern: string | undefined, value: string): boolean {
  if (!pattern) return true;
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch {
    return true;
  }
  return re.test(value);
}

/**
 * Spec §5 on the server: a field counts only when its rule is enabled (a disabled field is ignored); an
 * empty field passes unless required; a filled one must match the rule's regExp. Answers the cleaned
 * values of the fields that count, or the first failing field with the rule's message key.
 */
export function checkRegistrationFields(
  rules: RegistrationRules,
  input: FieldValues,
  plan: FieldPlan,
): FieldCheck {
  const values: Partial<Record<RegistrationField, string>> = {};
  // In form order, so that the first failure is the first field the user sees.
  for (const field of REGISTRATION_FIELDS) {
    if (plan.skipped.has(field)) continue;
    const rule = rules[field];
    const own = plan.required.has(field);
    if (!own && !plan.kept.has(field) && rule?.enabled !== true) continue;
    const raw = input[field] ?? '';
    const value = untrimmed.has(field) ? raw : raw.trim();
    const message = rule?.message ?? 'validation_failed';
    if (value === '') {
      if (own || (rule?.enabled === true && rule.required)) return { ok: false, field, rule: message };
      continue;
    }
    if ((own || rule?.enabled === true) && !matches(rule?.regExp, value)) {
      return { ok: false, field, rule: message };
    }
    values[field] = value;
  }
  return { ok: true, values };
}
