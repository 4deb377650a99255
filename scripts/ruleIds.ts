/**
 * Rule ids (docs/rules/): every rule Loop follows is written once, under a heading `### R-AREA-N Title`,
 * and code and documents cite it by that id. These pure checks take the files as text so the test can
 * run them on the real tree and on made-up input alike.
 */

export interface TextFile {
  /** Repository-relative path with forward slashes. */
  readonly path: string;
  readonly text: string;
}

export interface RuleIdProblem {
  readonly path: string;
  readonly line: number;
  readonly message: string;
}

/** Where rules are defined. */
export const RULES_DIR = 'docs/rules/';

/** Any rule id, wherever it stands. */
const RULE_ID = /\bR-[A-Z]+-\d+\b/g;

/** A definition: a Markdown heading that starts with the id. */
const DEFINITION = /^#{1,6}\s+(R-[A-Z]+-\d+)\b/;

/**
 * A citation of a numbered section of an outside document instead of a rule id: the section sign
 * followed by a number, whatever stands before it ("spec", "Spec", "specification", "the spec's
 * order", or nothing). Sections of an RFC ("RFC 9110" then the sign and "12.5.3") are public
 * standards and stay.
 */
const SECTION_CITATION = /§\s?\d/g;
const RFC_BEFORE = /RFC \d+\s?$/;

/**
 * Addresses that point outside the repository: the folder beside it that held the product's first
 * description. (A code file's `../shared/` import is the web package's own folder, so only documents
 * are held to the relative form.)
 */
const OUTSIDE_PATH = /\/work\/shared\b|\bshared\/spec\b/;
const OUTSIDE_PATH_IN_DOCS = /(?:\.\.\/)+shared\//;

/**
 * A reference to the product's outside description by name instead of a rule id: "the spec", "the
 * spec's text", "spec thresholds", "as the specification gives it". A newcomer has no such document,
 * so a rule is cited by its id or stated in plain words. The word as part of a file name, a path or a
 * pattern (`*.spec.tsx`, `spec/fixtures/`, `(test|spec)`) is no reference, nor is a public standard
 * named just before it ("the HTML spec", "RFC 5322 specification").
 */
const SPEC_WORD = /\b(?:spec|specification)s?\b(?:'s)?/gi;
const NAME_PART_BEFORE = /[./|@*-]$/;
const NAME_PART_AFTER = /^(?:\.[A-Za-z]|[/|-])/;
const PUBLIC_STANDARD_BEFORE = /(?:\bRFC \d+|\bHTML|\bCSS|\bWHATWG|\bW3C|\bECMAScript|\bOpenAPI|\bWCAG)\s$/;

/** The files that may name the word: this check and its test, which must spell out what they refuse. */
export const SPEC_WORD_ALLOWED: readonly string[] = ['scripts/ruleIds.ts', 'scripts/ruleIds.test.ts'];

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The ids defined in docs/rules/, each with where it is defined (every definition, duplicates too). */
export function ruleDefinitions(files: readonly TextFile[]): { id: string; path: string; line: number }[] {
  const definitions: { id: string; path: string; line: number }[] = [];
  for (const file of files) {
    if (!file.path.startsWith(RULES_DIR) || !file.path.endsWith('.md')) continue;
    file.text.split('\n').forEach((text, index) => {
      const match = DEFINITION.exec(text);
      if (match?.[1]) definitions.push({ id: match[1], path: file.path, line: index + 1 });
    });
  }
  return definitions;
}

/** Everything wrong with the rule ids of these files. */
export function checkRuleIds(files: readonly TextFile[]): RuleIdProblem[] {
  const problems: RuleIdProblem[] = [];
  const definitions = ruleDefinitions(files);
  const defined = new Map<string, { path: string; line: number }>();
  for (const definition of definitions) {
    const first = defined.get(definition.id);
    if (first) {
      problems.push({
        path: definition.path,
        line: definition.line,
        message: `${definition.id} is defined twice (first at ${first.path}:${first.line})`,
      });
    } else {
      defined.set(definition.id, definition);
    }
  }
  for (const file of files) {
    for (const match of file.text.matchAll(RULE_ID)) {
      if (!defined.has(match[0])) {
        problems.push({
          path: file.path,
          line: lineOf(file.text, match.index),
          message: `${match[0]} is cited but not defined in ${RULES_DIR}`,
        });
      }
    }
    for (const match of file.text.matchAll(SECTION_CITATION)) {
      const before = file.text.slice(Math.max(0, match.index - 12), match.index);
      if (RFC_BEFORE.test(before)) continue;
      problems.push({
        path: file.path,
        line: lineOf(file.text, match.index),
        message: `cites a section ('${file.text.slice(Math.max(0, match.index - 5), match.index + 3).trim()}') instead of a rule id from ${RULES_DIR}`,
      });
    }
    if (!SPEC_WORD_ALLOWED.includes(file.path)) {
      for (const match of file.text.matchAll(SPEC_WORD)) {
        const before = file.text.slice(Math.max(0, match.index - 16), match.index);
        const after = file.text.slice(match.index + match[0].length, match.index + match[0].length + 2);
        if (NAME_PART_BEFORE.test(before) || NAME_PART_AFTER.test(after)) continue;
        if (PUBLIC_STANDARD_BEFORE.test(before)) continue;
        problems.push({
          path: file.path,
          line: lineOf(file.text, match.index),
          message: `names an outside document ('${match[0]}'): cite a rule id from ${RULES_DIR} or say it plainly`,
        });
      }
    }
    const outside =
      OUTSIDE_PATH.exec(file.text) ??
      (file.path.endsWith('.md') ? OUTSIDE_PATH_IN_DOCS.exec(file.text) : null);
    if (outside) {
      problems.push({
        path: file.path,
        line: lineOf(file.text, outside.index),
        message: `points outside the repository ('${outside[0]}')`,
      });
    }
  }
  return problems;
}
