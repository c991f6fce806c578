/**
 * A VIP level's name for the console's reader: in the console's language (en, ty) when the level has
 * it, else the first name it has. Names are kept by the site's language codes (EN, TY).
 */
export function vipNameFor(names: Partial<Record<string, string>>, consoleLanguage: string): string {
  const wanted = consoleLanguage.toUpperCase();
  return names[wanted] ?? Object.values(names).find((n) => n !== undefined) ?? '';
}
