// A Vitest reporter for npm test's summary: the errors that belong to a file or a describe block rather
// than to a test (a beforeAll or afterAll that threw, a file that failed to load). Vitest's JSON report
// keeps only a file's own first message, so a hook failing inside a describe showed as an empty line.
// Writes [{ file, where, error }] to the path in PANALO_HOOK_ERRORS.
import { writeFileSync } from 'node:fs';

/** The first line that says something: the message, else the stack's first line, else the name. */
function firstLine(e) {
  const text = [e?.message, e?.stack, e?.name].map((s) => String(s ?? '')).join('\n');
  const line = text.split('\n').find((l) => l.trim() !== '') ?? 'an error without a message';
  return [e?.name && !line.startsWith(e.name) ? `${e.name}:` : '', line.trim()].join(' ').trim();
}

export default class HookErrors {
  onTestRunEnd(testModules) {
    const out = [];
    for (const m of testModules) {
      for (const e of m.errors()) out.push({ file: m.moduleId, where: '', error: firstLine(e) });
      for (const s of m.children.allSuites()) {
        for (const e of s.errors()) out.push({ file: m.moduleId, where: s.fullName, error: firstLine(e) });
      }
    }
    const target = process.env.PANALO_HOOK_ERRORS;
    if (target) writeFileSync(target, JSON.stringify(out));
  }
}
