// The refusal texts: one catalogue of `errors.<code>` per language for every app that shows the server's
// message keys (the member site and the console). `errors-shell.json` holds the few the member site's
// shell shows itself on the first page (no network, logged out, …); `errors.json` the rest. Each
// language's files are a chunk of their own, fetched when the language is used.

export type ErrorTexts = { errors: Record<string, string> };

/** The language codes that have refusal texts (the others read English). */
export const ERROR_LANGUAGES = ['en', 'ty'] as const;
export type ErrorLanguage = (typeof ERROR_LANGUAGES)[number];

/** The refusal texts of `errors.json` (all but the shell's few) of a language. */
export const loadErrorTexts = (lang: ErrorLanguage): Promise<ErrorTexts> =>
  (lang === 'ty' ? import('./ty/errors.json') : import('./en/errors.json')).then((m) => m.default);

/** The shell's few refusal texts of a language (the member site puts them in its first page's chunk). */
export const loadShellErrorTexts = (lang: ErrorLanguage): Promise<ErrorTexts> =>
  (lang === 'ty' ? import('./ty/errors-shell.json') : import('./en/errors-shell.json')).then(
    (m) => m.default,
  );

/** Every refusal text of a language: the shell's and the rest, as one `errors` namespace. */
export async function loadAllErrorTexts(lang: ErrorLanguage): Promise<ErrorTexts> {
  const [shell, rest] = await Promise.all([loadShellErrorTexts(lang), loadErrorTexts(lang)]);
  return { errors: { ...shell.errors, ...rest.errors } };
}
