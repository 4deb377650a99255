/**
 * A tiny strict XML reader for translation files (docs/decisions/surveys.md, 'Survey languages'):
 * elements, attributes, text, CDATA, comments and the XML declaration; nothing else. A DOCTYPE (and
 * so every entity definition), processing instructions and any entity but the five predefined ones
 * and character references are refused, so a file cannot expand, fetch or hide anything. It walks
 * the text once with `indexOf`, builds the tree with a stack (no recursion) and stops at
 * `XML_MAX_DEPTH`. Pure and DOM-free: the browser and the server read a file the same way.
 */

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
  /** 1-based line of its start tag, for messages. */
  readonly line: number;
}
export type XmlNode = XmlElement | string;

export type XmlResult =
  | { readonly ok: true; readonly root: XmlElement }
  | { readonly ok: false; readonly message: string };

export const XML_MAX_DEPTH = 32;

export const XML_MESSAGES = {
  invalid: (line: number, what: string) => `Het bestand is geen geldige XML (regel ${line}): ${what}.`,
  doctype: 'een DOCTYPE of entiteitsdefinitie, die Loop niet leest',
  instruction: 'een verwerkingsinstructie, die Loop niet leest',
  encoding: (encoding: string) => `de codering '${encoding}'; sla het bestand op als UTF-8`,
  entity: (entity: string) => `de onbekende entiteit '&${entity};'`,
  character: 'een teken dat XML niet toestaat',
  unclosed: (what: string) => `${what} wordt niet afgesloten`,
  mismatch: (open: string, close: string) => `<${open}> wordt afgesloten met </${close}>`,
  tag: 'een ongeldige tag',
  attribute: 'een ongeldig attribuut',
  duplicateAttribute: (name: string) => `het attribuut '${name}' staat er twee keer`,
  textOutside: 'tekst buiten het hoofdelement',
  secondRoot: 'een tweede hoofdelement',
  noRoot: 'geen hoofdelement',
  tooDeep: `meer dan ${XML_MAX_DEPTH} elementen in elkaar`,
} as const;

const NAME = /[A-Za-z_][A-Za-z0-9._:-]*/y;
const SPACE = /[ \t\r\n]*/y;
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A code point XML 1.0 allows anywhere in a file. */
const allowed = (code: number): boolean =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/**
 * Characters XML 1.0 forbids even as a reference: C0 controls but tab and line ends, U+FFFE, U+FFFF
 * and lone surrogates (with the `u` flag a surrogate pair is one code point, so only lone ones match).
 * Built from a string, since a regular expression literal may not hold control characters.
 */
export const XML_FORBIDDEN_CHARACTERS =
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF\\uD800-\\uDFFF]';
const FORBIDDEN = new RegExp(XML_FORBIDDEN_CHARACTERS, 'u');

class XmlError extends Error {
  constructor(
    readonly at: number,
    readonly what: string,
  ) {
    super(what);
  }
}

function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

/**
 * Decodes the references in text or an attribute value (`at`: where `raw` starts in the document);
 * refuses anything but the predefined entities and character references.
 */
function decode(raw: string, at: number): string {
  if (!raw.includes('&')) return raw;
  let out = '';
  let from = 0;
  for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', from)) {
    out += raw.slice(from, amp);
    const semi = raw.indexOf(';', amp);
    const entity = semi === -1 || semi - amp > 12 ? raw.slice(amp + 1, amp + 13) : raw.slice(amp + 1, semi);
    if (semi === -1 || semi - amp > 12) throw new XmlError(at + amp, XML_MESSAGES.entity(entity));
    let char: string;
    const number = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/.exec(entity);
    if (number !== null) {
      const code =
        number[1] !== undefined ? Number.parseInt(number[1], 16) : Number.parseInt(number[2] ?? '', 10);
      if (!allowed(code)) throw new XmlError(at + amp, XML_MESSAGES.character);
      char = String.fromCodePoint(code);
    } else if (Object.hasOwn(PREDEFINED, entity)) char = PREDEFINED[entity] ?? '';
    else throw new XmlError(at + amp, XML_MESSAGES.entity(entity));
    out += char;
    from = semi + 1;
  }
  return out + raw.slice(from);
}

interface Open {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: XmlNode[];
  readonly line: number;
}

/**
 * Reads an XML document already decoded from UTF-8 (a leading BOM is allowed) into its root element.
 * Line ends are normalised to '\n' as XML does; a '&#13;' keeps a carriage return.
 */
export function parseXml(input: string): XmlResult {
  const text = (input.startsWith('\uFEFF') ? input.slice(1) : input).replace(/\r\n?/g, '\n');
  try {
    const forbidden = FORBIDDEN.exec(text);
    if (forbidden !== null) throw new XmlError(forbidden.index, XML_MESSAGES.character);
    return { ok: true, root: read(text) };
  } catch (error) {
    if (error instanceof XmlError)
      return { ok: false, message: XML_MESSAGES.invalid(lineAt(text, error.at), error.what) };
    throw error;
  }
}

function read(text: string): XmlElement {
  const stack: Open[] = [];
  let root: XmlElement | null = null;
  let pos = 0;
  let line = 1;
  /** The next line end not yet counted (-1: none left); tags come in order, so counting is linear. */
  let nextLineEnd = text.indexOf('\n');
  const lineOf = (at: number): number => {
    while (nextLineEnd !== -1 && nextLineEnd < at) {
      line += 1;
      nextLineEnd = text.indexOf('\n', nextLineEnd + 1);
    }
    return line;
  };
  const addText = (value: string, at: number) => {
    if (value === '') return;
    const top = stack.at(-1);
    if (top === undefined) {
      if (value.trim() !== '') throw new XmlError(at, XML_MESSAGES.textOutside);
      return;
    }
    const last = top.children.at(-1);
    if (typeof last === 'string') top.children[top.children.length - 1] = last + value;
    else top.children.push(value);
  };
  const readName = (at: number): string => {
    NAME.lastIndex = at;
    const match = NAME.exec(text);
    if (match === null) throw new XmlError(at, XML_MESSAGES.tag);
    return match[0];
  };
  const skipSpace = (at: number): number => {
    SPACE.lastIndex = at;
    SPACE.exec(text);
    return SPACE.lastIndex;
  };

  if (/^<\?xml[ \t\n]/.test(text)) {
    const end = text.indexOf('?>');
    if (end === -1) throw new XmlError(0, XML_MESSAGES.unclosed('De XML-declaratie'));
    const encoding = /\sencoding\s*=\s*["']([^"']*)["']/.exec(text.slice(0, end));
    if (encoding?.[1] !== undefined && !/^utf-?8$/i.test(encoding[1]))
      throw new XmlError(0, XML_MESSAGES.encoding(encoding[1]));
    pos = end + 2;
  }

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt === -1) {
      addText(decode(text.slice(pos), pos), pos);
      break;
    }
    if (lt > pos) {
      const raw = text.slice(pos, lt);
      if (raw.includes(']]>')) throw new XmlError(pos, XML_MESSAGES.tag);
      addText(decode(raw, pos), pos);
    }
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end === -1) throw new XmlError(lt, XML_MESSAGES.unclosed('Een opmerking'));
      pos = end + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      if (end === -1) throw new XmlError(lt, XML_MESSAGES.unclosed('Een CDATA-blok'));
      if (stack.length === 0) throw new XmlError(lt, XML_MESSAGES.textOutside);
      addText(text.slice(lt + 9, end), lt);
      pos = end + 3;
    } else if (text.startsWith('<!', lt)) {
      throw new XmlError(lt, XML_MESSAGES.doctype);
    } else if (text.startsWith('<?', lt)) {
      throw new XmlError(lt, XML_MESSAGES.instruction);
    } else if (text.startsWith('</', lt)) {
      const name = readName(lt + 2);
      const end = skipSpace(lt + 2 + name.length);
      if (text[end] !== '>') throw new XmlError(lt, XML_MESSAGES.tag);
      const open = stack.pop();
      if (open === undefined) throw new XmlError(lt, XML_MESSAGES.tag);
      if (open.name !== name) throw new XmlError(lt, XML_MESSAGES.mismatch(open.name, name));
      const element: XmlElement = open;
      const parent = stack.at(-1);
      if (parent === undefined) root = element;
      else parent.children.push(element);
      pos = end + 1;
    } else {
      if (root !== null) throw new XmlError(lt, XML_MESSAGES.secondRoot);
      const name = readName(lt + 1);
      const attributes: Record<string, string> = Object.create(null);
      let at = lt + 1 + name.length;
      for (;;) {
        const next = skipSpace(at);
        if (text.startsWith('/>', next) || text[next] === '>') {
          at = next;
          break;
        }
        if (next === at) throw new XmlError(next, XML_MESSAGES.attribute);
        const attribute = readName(next);
        const equals = skipSpace(next + attribute.length);
        if (text[equals] !== '=') throw new XmlError(next, XML_MESSAGES.attribute);
        const quoteAt = skipSpace(equals + 1);
        const quote = text[quoteAt];
        if (quote !== '"' && quote !== "'") throw new XmlError(next, XML_MESSAGES.attribute);
        const close = text.indexOf(quote, quoteAt + 1);
        if (close === -1) throw new XmlError(next, XML_MESSAGES.unclosed('Een attribuut'));
        const raw = text.slice(quoteAt + 1, close);
        if (raw.includes('<')) throw new XmlError(next, XML_MESSAGES.attribute);
        if (Object.hasOwn(attributes, attribute))
          throw new XmlError(next, XML_MESSAGES.duplicateAttribute(attribute));
        attributes[attribute] = decode(raw.replace(/[\t\n]/g, ' '), quoteAt + 1);
        at = close + 1;
      }
      if (stack.length >= XML_MAX_DEPTH) throw new XmlError(lt, XML_MESSAGES.tooDeep);
      const element: Open = { name, attributes: { ...attributes }, children: [], line: lineOf(lt) };
      if (text[at] === '/') {
        const parent = stack.at(-1);
        if (parent === undefined) root = element;
        else parent.children.push(element);
        pos = at + 2;
      } else {
        stack.push(element);
        pos = at + 1;
      }
    }
  }
  const open = stack.at(-1);
  if (open !== undefined) throw new XmlError(text.length, XML_MESSAGES.unclosed(`<${open.name}>`));
  if (root === null) throw new XmlError(0, XML_MESSAGES.noRoot);
  return root;
}
