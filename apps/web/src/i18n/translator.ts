// The site's translator: the part of i18next the site used, in about 2 KiB instead of 18.5 (i18next 26
// with react-i18next, gzipped), which the first screen's 120 KiB budget could not carry beside React.
// Keys are dot paths into one merged catalogue per language; `{{name}}` interpolates a value; a `count`
// picks `<key>_<plural category>` (then `<key>_other`); a key missing in the language falls back to the
// fallback language, then to the key itself. Text is not HTML-escaped here: React escapes what it renders.

export type Catalogue = Record<string, unknown>;

export interface TOptions {
  count?: number;
  /** The text when the key is missing everywhere (instead of the key). */
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

type Listener = (language: string) => void;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    // The language code as the site names it (EN, TY), as i18next did; an unknown code takes the
    // runtime's default rules.
    rules = new Intl.PluralRules(language.toLowerCase());
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The text at a dot path; a key may itself hold dots ("errors" → "modify.new.old.same"). */
function lookup(node: unknown, key: string): string | undefined {
  if (typeof node === 'string') return key === '' ? node : undefined;
  if (node === null || typeof node !== 'object' || key === '') return undefined;
  const record = node as Record<string, unknown>;
  for (let end = key.indexOf('.'); ; end = key.indexOf('.', end + 1)) {
    const head = end < 0 ? key : key.slice(0, end);
    if (head in record) {
      const found = lookup(record[head], end < 0 ? '' : key.slice(end + 1));
      if (found !== undefined) return found;
    }
    if (end < 0) return undefined;
  }
}

const interpolate = (text: string, options: TOptions) =>
  text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const v = options[name];
    if (v === undefined || v === null) return '';
    // Values are strings and numbers (amounts come formatted); anything else is shown as JSON.
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint'
      ? String(v)
      : JSON.stringify(v);
  });

/** One translator per site: the catalogues by language, the current language and its listeners. */
export class I18n {
  private readonly listeners = new Set<Listener>();
  /** Grows at each language change or catalogue addition: what the React bindings watch. */
  revision = 0;

  constructor(
    private readonly catalogues: Record<string, Catalogue>,
    public language: string,
    private readonly fallbackLanguage: string,
  ) {}

  private find(language: string, key: string, count: number | undefined): string | undefined {
    const catalogue = this.catalogues[language];
    if (count !== undefined) {
      const plural =
        lookup(catalogue, `${key}_${pluralCategory(language, count)}`) ?? lookup(catalogue, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return lookup(catalogue, key);
  }

  private translate(language: string, key: string, options?: TOptions): string {
    const count = typeof options?.count === 'number' ? options.count : undefined;
    const text =
      this.find(language, key, count) ??
      (language === this.fallbackLanguage ? undefined : this.find(this.fallbackLanguage, key, count));
    if (text === undefined) return options?.defaultValue ?? key;
    return options ? interpolate(text, options) : text;
  }

  /** Translates in the current language. */
  readonly t: TFunction = (key, options) => this.translate(this.language, key, options);

  /** A translator fixed to one language, whatever the current one becomes. */
  getFixedT(language: string): TFunction {
    return (key, options) => this.translate(language, key, options);
  }

  /** Whether the key has a text (in `lng`, else the current language, or the fallback language). */
  exists(key: string, options?: { lng?: string }): boolean {
    const language = options?.lng ?? this.language;
    return (
      this.find(language, key, undefined) !== undefined ||
      this.find(this.fallbackLanguage, key, undefined) !== undefined
    );
  }

  /** Switches the language and tells every listener (the React bindings re-render). */
  async changeLanguage(language: string): Promise<TFunction> {
    if (language !== this.language) {
      this.language = language;
      this.notify();
    }
    return this.t;
  }

  /** Tells listeners that texts were added to the catalogues (a feature's, fetched with its screen). */
  refresh(): void {
    this.notify();
  }

  private notify() {
    this.revision++;
    for (const listener of [...this.listeners]) listener(this.language);
  }

  /** Calls `listener` after each language change or catalogue addition; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
