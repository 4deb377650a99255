import { SURVEY_MAIN_LANGUAGE, type SurveyTranslation } from '../../contract';
import { type SourceText, sourceFingerprint } from './translationSources';
import { languageName, translatedText } from './translationStatus';
import { parseXml, XML_FORBIDDEN_CHARACTERS, type XmlElement, type XmlNode } from './xmlReader';

/**
 * A translation as an XLIFF 2.0 file and back (docs/decisions/surveys.md, 'Survey languages';
 * R-SURV-17). One `<unit id="key">` per text with its Dutch `<source>` and, when translated, its
 * `<target>`; notes say where the text stands, that it is HTML, and how long it may be. Texts are
 * escaped as XML, so HTML travels as text that CAT tools show and keep, never as markup.
 */

export const XLIFF_NAMESPACE = 'urn:oasis:names:tc:xliff:document:2.0';
/** The longest file read, in characters (a survey at every limit stays far below). */
export const XLIFF_MAX_LENGTH = 5_000_000;
/** The most units read from a file. */
export const XLIFF_MAX_UNITS = 20_000;

export const XLIFF_MESSAGES = {
  tooLarge: `Het bestand is te groot: een vertaalbestand mag hoogstens ${(XLIFF_MAX_LENGTH / 1_000_000).toLocaleString('nl-NL')} miljoen tekens hebben.`,
  tooManyUnits: `Het bestand heeft meer dan ${XLIFF_MAX_UNITS.toLocaleString('nl-NL')} teksten.`,
  notXliff: 'Het bestand is geen XLIFF 2.0-bestand. Exporteer het uit je vertaalprogramma als XLIFF 2.0.',
  sourceLanguage: (found: string) =>
    `Het bestand is vertaald vanuit '${found}', niet vanuit het Nederlands (nl).`,
  targetLanguage: (found: string, expected: string) =>
    `Het bestand is een vertaling naar '${found}', niet naar het ${languageName(expected)} (${expected}).`,
  unitId: (line: number) => `Regel ${line}: een tekst in het bestand heeft geen geldig id.`,
  duplicateUnit: (id: string) => `De tekst '${id}' staat twee keer in het bestand.`,
  noSource: (id: string) => `De tekst '${id}' heeft geen Nederlandse brontekst (<source>).`,
  inline: (id: string, tag: string) =>
    `De tekst '${id}' bevat opmaakcodes (<${tag}>) die Loop niet leest. Exporteer de vertaling met opmaak als gewone tekst.`,
  unexpected: (line: number, tag: string) =>
    `Regel ${line}: het element <${tag}> hoort niet in een XLIFF-vertaling van Loop.`,
} as const;

export const XLIFF_NOTES = {
  html: 'HTML: vertaal de tekst tussen de tags en laat de tags zelf staan.',
  maxLength: (max: number) => `Hoogstens ${max.toLocaleString('nl-NL')} tekens.`,
  stale: 'De Nederlandse tekst is veranderd sinds deze vertaling; controleer haar.',
} as const;

/** XML 1.0 cannot hold these at all, not even as references: they are left out. */
const UNREPRESENTABLE = new RegExp(XML_FORBIDDEN_CHARACTERS, 'gu');

/** Text escaped for element content and attributes; a carriage return kept as a reference. */
export const escapeXml = (text: string): string =>
  text
    .replace(UNREPRESENTABLE, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');

/**
 * The XLIFF 2.0 document of one language: every source text, with its translation as target
 * (`state="translated"`), or without one (`state="initial"`). A stale translation (the Dutch text
 * changed since) goes out as target with `state="initial"` and a note, so the translator checks it.
 */
export function toXliff(
  sources: readonly SourceText[],
  targetLanguage: string,
  translation: SurveyTranslation | undefined,
): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NAMESPACE}" version="2.0" srcLang="${SURVEY_MAIN_LANGUAGE}" trgLang="${escapeXml(targetLanguage)}">`,
    '  <file id="survey" xml:space="preserve">',
  ];
  for (const source of sources) {
    const target = translatedText(translation, source.key);
    const fingerprints = translation?.source_fingerprints;
    const fingerprint =
      fingerprints !== undefined && Object.hasOwn(fingerprints, source.key)
        ? fingerprints[source.key]
        : undefined;
    const stale =
      target !== undefined && fingerprint !== undefined && fingerprint !== sourceFingerprint(source.text);
    const notes = [
      `<note category="location">${escapeXml(source.label)}</note>`,
      ...(source.kind === 'html' ? [`<note category="format">${escapeXml(XLIFF_NOTES.html)}</note>`] : []),
      `<note category="length">${escapeXml(XLIFF_NOTES.maxLength(source.max_length))}</note>`,
      ...(stale ? [`<note category="status">${escapeXml(XLIFF_NOTES.stale)}</note>`] : []),
    ];
    const state = target === undefined || stale ? 'initial' : 'translated';
    lines.push(
      `    <unit id="${escapeXml(source.key)}">`,
      `      <notes>${notes.join('')}</notes>`,
      `      <segment state="${state}">`,
      `        <source>${escapeXml(source.text)}</source>`,
      ...(target === undefined ? [] : [`        <target>${escapeXml(target)}</target>`]),
      '      </segment>',
      '    </unit>',
    );
  }
  lines.push('  </file>', '</xliff>', '');
  return lines.join('\n');
}

/** One text read from a translation file. */
export interface XliffUnit {
  readonly id: string;
  /** The Dutch text the translator saw. */
  readonly source: string;
  /** The translation; null when the unit has no target. */
  readonly target: string | null;
  /** `initial` when any segment is still initial (XLIFF's default), else `translated`. */
  readonly state: 'initial' | 'translated';
}

export type XliffRead =
  | { readonly ok: true; readonly units: readonly XliffUnit[] }
  | { readonly ok: false; readonly message: string };

/** An XLIFF NMTOKEN as Loop's keys use it. */
const UNIT_ID = /^[A-Za-z0-9_.:-]{1,300}$/;

const isElement = (node: XmlNode): node is XmlElement => typeof node !== 'string';
const hasPrefix = (name: string) => name.includes(':');

class XliffError extends Error {}

/** The text of a `<source>` or `<target>`: plain text only, no inline codes. */
function plainText(element: XmlElement, id: string): string {
  let out = '';
  for (const child of element.children) {
    if (isElement(child)) throw new XliffError(XLIFF_MESSAGES.inline(id, child.name));
    out += child;
  }
  return out;
}

function readUnit(unit: XmlElement): XliffUnit {
  const id = unit.attributes.id;
  if (id === undefined || !UNIT_ID.test(id)) throw new XliffError(XLIFF_MESSAGES.unitId(unit.line));
  let source: string | null = null;
  let target: string | null = null;
  let initial = false;
  for (const part of unit.children.filter(isElement)) {
    if (part.name === 'notes' || hasPrefix(part.name)) continue;
    if (part.name !== 'segment' && part.name !== 'ignorable')
      throw new XliffError(XLIFF_MESSAGES.unexpected(part.line, part.name));
    if (part.name === 'segment' && (part.attributes.state ?? 'initial') === 'initial') initial = true;
    for (const text of part.children.filter(isElement)) {
      if (text.name === 'source') source = (source ?? '') + plainText(text, id);
      else if (text.name === 'target') target = (target ?? '') + plainText(text, id);
      else if (!hasPrefix(text.name)) throw new XliffError(XLIFF_MESSAGES.unexpected(text.line, text.name));
    }
  }
  if (source === null) throw new XliffError(XLIFF_MESSAGES.noSource(id));
  return { id, source, target, state: initial ? 'initial' : 'translated' };
}

/**
 * The units of an already-parsed XLIFF 2.0 document (from `parseXml`, or any reader that builds the
 * same tree): the root must be XLIFF 2.x from Dutch to `targetLanguage`; units may sit in files and
 * groups; a unit's segments and ignorables are joined in order (a CAT tool may split a text into
 * sentences). Elements of other namespaces (a tool's own metadata, written with a prefix) are
 * skipped; any other element, and every inline code inside a source or target, is refused.
 */
export function readXliffUnits(root: XmlElement, targetLanguage: string): XliffRead {
  try {
    if (
      root.name !== 'xliff' ||
      root.attributes.xmlns !== XLIFF_NAMESPACE ||
      !/^2\.\d$/.test(root.attributes.version ?? '')
    )
      throw new XliffError(XLIFF_MESSAGES.notXliff);
    const srcLang = root.attributes.srcLang ?? '';
    if (srcLang.toLowerCase().split('-')[0] !== SURVEY_MAIN_LANGUAGE)
      throw new XliffError(XLIFF_MESSAGES.sourceLanguage(srcLang));
    const trgLang = root.attributes.trgLang ?? '';
    if (trgLang.toLowerCase().split('-')[0] !== targetLanguage)
      throw new XliffError(XLIFF_MESSAGES.targetLanguage(trgLang, targetLanguage));
    const units: XliffUnit[] = [];
    const seen = new Set<string>();
    /** Files hold groups and units, groups the same; depth is bounded by the reader (XML_MAX_DEPTH). */
    const walk = (container: XmlElement) => {
      for (const child of container.children.filter(isElement)) {
        if (hasPrefix(child.name) || child.name === 'notes') continue;
        const fits =
          container === root ? child.name === 'file' : child.name === 'group' || child.name === 'unit';
        if (!fits) throw new XliffError(XLIFF_MESSAGES.unexpected(child.line, child.name));
        if (child.name !== 'unit') {
          walk(child);
          continue;
        }
        const unit = readUnit(child);
        if (seen.has(unit.id)) throw new XliffError(XLIFF_MESSAGES.duplicateUnit(unit.id));
        seen.add(unit.id);
        units.push(unit);
        if (units.length > XLIFF_MAX_UNITS) throw new XliffError(XLIFF_MESSAGES.tooManyUnits);
      }
    };
    walk(root);
    return { ok: true, units };
  } catch (error) {
    if (error instanceof XliffError) return { ok: false, message: error.message };
    throw error;
  }
}

/** A translation file's text (decoded as UTF-8) to its units, or a Dutch message of what is wrong. */
export function readXliff(text: string, targetLanguage: string): XliffRead {
  if (text.length > XLIFF_MAX_LENGTH) return { ok: false, message: XLIFF_MESSAGES.tooLarge };
  const parsed = parseXml(text);
  if (!parsed.ok) return parsed;
  return readXliffUnits(parsed.root, targetLanguage);
}
