import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Sanctions and politically-exposed-persons screening (issue 53 item 4): names are checked against a list
// through an adapter. The list here is a local file (the demo's, or SCREENING_LIST_FILE); a provider's API
// plugs in as another ScreeningList.

export interface ScreeningHit {
  /** The list entry's own id. */
  entryId: string;
  list: 'sanctions' | 'pep';
  name: string;
  birthDate: string | null;
  source: string;
  /** exact: the same names in any order; contains: every name of the entry is among the person's. */
  match: 'exact' | 'contains';
}

export interface ScreeningList {
  check(person: { fullName: string; birthDate: string | null }): Promise<ScreeningHit[]>;
}

/** The demo's list: fictitious names, clearly marked as such. */
export const DEMO_SCREENING_LIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets/screening/demo-list.csv',
);

/** A name as a set of words: case, accents, punctuation and order ignored. */
export const nameWords = (s: string): string[] =>
  [
    ...new Set(
      s
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim()
        .split(' ')
        .filter((w) => w.length > 0),
    ),
  ].sort();

interface Entry extends Omit<ScreeningHit, 'match'> {
  words: string[];
}

/** One CSV line of the list (id,list,name,birth_date,source; a quoted field may hold commas). */
function fields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

export function parseScreeningList(text: string): Entry[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  return lines.slice(1).map((line, i) => {
    const [entryId, list, name, birthDate, source] = fields(line);
    if (!entryId || (list !== 'sanctions' && list !== 'pep') || !name)
      throw new Error(
        `screening list line ${i + 2}: expected id,list (sanctions|pep),name,birth_date,source`,
      );
    return {
      entryId,
      list,
      name,
      birthDate: birthDate || null,
      source: source ?? '',
      words: nameWords(name),
    };
  });
}

/**
 * A list in memory: a person matches an entry when the entry's words (two at least) are all among the
 * person's, and the birth dates, when both are known, are the same.
 */
export function listScreening(entries: Entry[]): ScreeningList {
  return {
    check(person) {
      const words = new Set(nameWords(person.fullName));
      const hits: ScreeningHit[] = [];
      for (const e of entries) {
        if (e.words.length < 2 || !e.words.every((w) => words.has(w))) continue;
        if (e.birthDate && person.birthDate && e.birthDate !== person.birthDate) continue;
        const { words: _w, ...entry } = e;
        hits.push({ ...entry, match: e.words.length === words.size ? 'exact' : 'contains' });
      }
      return Promise.resolve(hits);
    },
  };
}

export const fileScreening = (file: string): ScreeningList =>
  listScreening(parseScreeningList(readFileSync(file, 'utf8')));
