import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SourceFile } from './architecture';
import { checkLanguage, visibleText } from './language';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The TypeScript under packages/<name>/src, as repository-relative paths. */
function readSources(): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        files.push({ path: relative(ROOT, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  for (const pkg of readdirSync(join(ROOT, 'packages'), { withFileTypes: true })) {
    if (pkg.isDirectory()) walk(join(ROOT, 'packages', pkg.name, 'src'));
  }
  return files;
}

const source = (text: string, path = 'packages/web/src/x/Screen.tsx'): SourceFile => ({ path, text });
const rulesOf = (text: string, path?: string) => checkLanguage([source(text, path)]).map((v) => v.rule);

describe('the glossary in the real tree', () => {
  it('should find no curly quote, U+2212, respons or u/uw in any text Loop shows', () => {
    const found = checkLanguage(readSources());
    expect(found.map((v) => `${v.file}:${v.line} [${v.rule}] ${v.message}`)).toEqual([]);
  }, 20_000);
});

describe('checkLanguage', () => {
  it('should find a curly apostrophe or quote in a string, a template and JSX text', () => {
    expect(rulesOf("const a = 'KPI’s';")).toEqual(['curly-quote']);
    expect(rulesOf('const a = `Sjabloon ‘Teamdag’`;')).toEqual(['curly-quote', 'curly-quote']);
    expect(rulesOf('const a = <p>Kies ‘Opslaan’</p>;')).toEqual(['curly-quote', 'curly-quote']);
  });

  it('should find U+2212 and respons(en) as a word, also in a file name', () => {
    expect(rulesOf("const a = '−12';")).toEqual(['minus-sign']);
    expect(rulesOf("const a = '2 responsen';")).toEqual(['respons']);
    expect(rulesOf('const a = `survey-12-respons-3.json`;')).toEqual(['respons']);
    expect(rulesOf("const a = 'Respons';")).toEqual(['respons']);
  });

  it("should find 'u' and 'uw' as a Dutch pronoun, not the hour or code", () => {
    expect(rulesOf("const a = 'Wilt u uw e-mailadres bevestigen?';")).toEqual(['u-form', 'u-form']);
    expect(rulesOf("const a = 'U kunt nu inloggen.';")).toEqual(['u-form']);
    expect(rulesOf("const a = 'Bijvoorbeeld 2 u 15 min';")).toEqual([]);
    expect(rulesOf('const b = rows.map((u) => u.id);')).toEqual([]);
    expect(rulesOf("const a = 'Je kunt nu inloggen.';")).toEqual([]);
  });

  it('should leave comments, regular expressions, words that only contain the forms and tests alone', () => {
    expect(rulesOf('// De respons van ‘u’: −1\nconst a = 1;')).toEqual([]);
    expect(rulesOf('/** KPI’s */\nconst a = 1;')).toEqual([]);
    expect(rulesOf("const re = /['’]s$/;")).toEqual([]);
    expect(rulesOf("const a = 'responsive uwe';")).toEqual([]);
    expect(rulesOf("expect(x).toBe('KPI’s');", 'packages/web/src/x/Screen.test.tsx')).toEqual([]);
    expect(rulesOf("const a = 'KPI’s';", 'packages/web/src/testing/fake.ts')).toEqual([]);
  });

  it("should let only an allowed line through, such as R-PRIV-1's cookie text", () => {
    const banner = '<p>We gebruiken cookies om uw ervaring te verbeteren.</p>';
    expect(rulesOf(banner, 'packages/web/src/consent/CookieBanner.tsx')).toEqual([]);
    expect(
      rulesOf(`${banner}\nconst a = 'Uw account';`, 'packages/web/src/consent/CookieBanner.tsx'),
    ).toEqual(['u-form']);
    expect(rulesOf(banner)).toEqual(['u-form']);
  });
});

describe('visibleText', () => {
  it('should keep strings and code on their lines and blank comments', () => {
    const text = "const a = 'x'; // weg\n/* ook weg */ const b = `y`;";
    const visible = visibleText(text);
    expect(visible.split('\n')).toHaveLength(2);
    expect(visible).toContain("const a = 'x';");
    expect(visible).toContain('const b = `y`;');
    expect(visible).not.toContain('weg');
  });
});
