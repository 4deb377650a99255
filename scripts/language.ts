/**
 * The glossary's forms as a pure function (docs/decisions/interface.md, 'Glossary'): give it the source
 * files (path + text), get back every text that breaks it. `language.test.ts` feeds it the real
 * tree. Only what a user can see is read: comments and regular expressions are blanked with the
 * architecture scanner, tests and test support are skipped, and the rest (strings, templates, JSX
 * text) is searched for the forms Loop does not write.
 */
import { isSourceFile, type SourceFile, scan, type Violation } from './architecture';

export interface LanguageRule {
  readonly rule: string;
  readonly pattern: RegExp;
  readonly message: string;
}

/** Verbs and words that stand next to the pronoun 'u' in a Dutch sentence ('kunt u', 'u bent'). */
const U_NEIGHBOURS =
  'kunt|kan|bent|hebt|heeft|wordt|wilt|ontvangt|moet|mag|zult|zal|krijgt|vindt|ziet|gaat|kiest|vult|' +
  'stuurt|logt|klikt|leest|gebruikt|voor|aan|bij|naar|dat|als|of|om|met|door|van';

export const LANGUAGE_RULES: readonly LanguageRule[] = [
  {
    rule: 'curly-quote',
    pattern: /[\u2018\u2019]/gu,
    message: 'a curly quote or apostrophe: Loop writes the ASCII \' ("KPI\'s")',
  },
  {
    rule: 'minus-sign',
    pattern: /\u2212/gu,
    message: "U+2212: a negative number takes the hyphen-minus of nl-NL, through core's format helpers",
  },
  {
    rule: 'respons',
    pattern: /(?<![\p{L}\p{N}])respons(?:en)?(?![\p{L}\p{N}])/giu,
    message: "'respons'/'responsen': a whole submission is a 'reactie', the rate the 'reactiepercentage'",
  },
  {
    rule: 'u-form',
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}.$\\\\-])(?:uw(?![\\p{L}\\p{N}])|u(?=\\s+(?:${U_NEIGHBOURS})(?![\\p{L}]))|(?<=(?:${U_NEIGHBOURS})\\s+)u(?![\\p{L}\\p{N}'.(]))`,
      'giu',
    ),
    message: "'u'/'uw': Loop says 'je'/'jouw' (texts a rule in docs/rules/ quotes stay as given)",
  },
];

/** A text that may break a rule, on purpose: a text a rule in docs/rules/ quotes, or data that is no text. */
export interface LanguageAllowance {
  readonly file: string;
  readonly rule: string;
  /** The line holds this; the allowance covers that line only. */
  readonly line: string;
  readonly why: string;
}

export const LANGUAGE_ALLOWANCES: readonly LanguageAllowance[] = [
  {
    file: 'packages/web/src/consent/CookieBanner.tsx',
    rule: 'u-form',
    line: 'We gebruiken cookies om uw ervaring te verbeteren.',
    why: "the cookie banner's text as R-PRIV-1 quotes it",
  },
  {
    file: 'packages/core/src/domain/surveys/summary/dutchStopWords.ts',
    rule: 'u-form',
    line: 'tussen twee tweede u uit',
    why: 'Dutch stop words the summaries skip, among them u',
  },
  {
    file: 'packages/core/src/domain/surveys/summary/dutchStopWords.ts',
    rule: 'u-form',
    line: 'uitgezonderd uw vaak',
    why: 'Dutch stop words the summaries skip, among them uw',
  },
  {
    file: 'packages/core/src/domain/shared/textEncoding.ts',
    rule: 'curly-quote',
    line: 'const WINDOWS_1252_HIGH',
    why: "Windows-1252's characters for the bytes 0x80-0x9F, to decode a bank or Excel file",
  },
  {
    file: 'packages/adapters/src/pdf/winAnsiText.ts',
    rule: 'curly-quote',
    line: 'const WIN_ANSI_EXTRA',
    why: "the characters a PDF's WinAnsi font can draw",
  },
  {
    file: 'packages/core/src/domain/kpis/kpiCsv.ts',
    rule: 'curly-quote',
    line: 'const WINDOWS_1252_HIGH',
    why: 'the Windows-1252 table that decodes a CSV from Excel',
  },
];

/**
 * The file with comments and regular expressions blanked (same length, same lines): strings,
 * templates and JSX text stay, as what a user may see.
 */
export function visibleText(text: string): string {
  const { code, literals } = scan(text);
  const keep = new Uint8Array(text.length);
  for (let k = 0; k < text.length; k++) if (code[k] !== ' ' && code[k] !== '\n') keep[k] = 1;
  for (const { start } of literals.values()) {
    // A literal's contents are blanked up to its closing quote (or a line end), the next kept character.
    let end = start + 1;
    while (end < text.length && (code[end] === ' ' || code[end] === '\n')) end++;
    keep.fill(1, start, end);
  }
  let out = '';
  for (let k = 0; k < text.length; k++) out += keep[k] || text[k] === '\n' ? text[k] : ' ';
  return out;
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** Every break of the glossary's forms in the source files (tests and test support left out). */
export function checkLanguage(
  files: readonly SourceFile[],
  allowances: readonly LanguageAllowance[] = LANGUAGE_ALLOWANCES,
): Violation[] {
  const found: Violation[] = [];
  for (const file of files) {
    if (!isSourceFile(file.path)) continue;
    const visible = visibleText(file.text);
    const lines = file.text.split('\n');
    for (const { rule, pattern, message } of LANGUAGE_RULES) {
      for (const match of visible.matchAll(pattern)) {
        const line = lineOf(visible, match.index ?? 0);
        const source = lines[line - 1] ?? '';
        const allowed = allowances.some(
          (allowance) =>
            allowance.file === file.path && allowance.rule === rule && source.includes(allowance.line),
        );
        if (!allowed) found.push({ file: file.path, line, rule, message: `${message}: ${source.trim()}` });
      }
    }
  }
  return found;
}
