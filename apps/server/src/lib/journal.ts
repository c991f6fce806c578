import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An append-only file of JSON lines, for the demo's outside parties (the simulators' books survive a
 * restart of `npm start`, as a real Hub88's or PayMongo's would). Without a file it keeps nothing.
 */
export interface Journal {
  /** The lines written before this start, oldest first (a torn last line is skipped). */
  readonly earlier: unknown[];
  append(entry: unknown): void;
}

export function journal(file: string | undefined): Journal {
  if (!file) return { earlier: [], append: () => {} };
  mkdirSync(path.dirname(file), { recursive: true });
  const earlier: unknown[] = [];
  if (existsSync(file))
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        earlier.push(JSON.parse(line));
      } catch {
        // A line cut short by a crash: the rest is kept.
      }
    }
  return { earlier, append: (entry) => appendFileSync(file, `${JSON.stringify(entry)}\n`) };
}
