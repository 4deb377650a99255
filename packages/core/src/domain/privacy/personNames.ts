/**
 * Finding the names of an organisation's people (its contacts and members) in free text
 * (R-PRIV-7): one trie of folded word sequences built once from thousands of names, walked from
 * every word of the text, the longest sequence wins. Matching ignores case and accents and only
 * takes whole words.
 */

/** The placeholder a name becomes. */
export const NAME_PLACEHOLDER = '[naam]';

/** Dutch surname particles (tussenvoegsels): 'de', 'van der', "'t", 'in het'. */
const PARTICLES = new Set([
  'de',
  'der',
  'den',
  'van',
  'von',
  'het',
  't',
  'ten',
  'ter',
  'te',
  'in',
  'op',
  'aan',
  'bij',
  'uit',
  'la',
  'le',
  'du',
  'da',
  'di',
  'del',
  'l',
  'd',
  's',
]);

/** Forms of address that make the surname after them a name: 'meneer De Vries', 'mevr. Jansen'. */
const TITLES = ['meneer', 'mevrouw', 'heer', 'dhr', 'mevr', 'mw', 'mr', 'juf', 'juffrouw', 'meester', 'dr'];

/** A word of a name or a text: letters and marks only; hyphens, apostrophes and dots separate. */
const WORD = /[\p{L}\p{M}]+/gu;
/** What may stand between two words of one name in a text: spaces, a hyphen, an apostrophe, a dot. */
const JOIN = /^[\s.'\u2018\u2019-]{1,3}$/u;

const ASCII_LOWER = /^[a-z]*$/;

/** A word folded: lower case, accents off ('Müller' → 'muller', 'Çelik' → 'celik', 'Yılmaz' → 'yilmaz'). */
export function foldName(word: string): string {
  const lower = word.toLowerCase();
  return ASCII_LOWER.test(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i');
}

interface Node {
  readonly next: Map<string, Node>;
  /** A name ends here: 0 not, 1 always, 2 only when the text writes its last word with a capital. */
  end: 0 | 1 | 2;
}

const node = (): Node => ({ next: new Map(), end: 0 });

function add(root: Node, words: readonly string[], end: 1 | 2) {
  if (words.length === 0) return;
  let at = root;
  for (const word of words) {
    let child = at.next.get(word);
    if (child === undefined) {
      child = node();
      at.next.set(word, child);
    }
    at = child;
  }
  if (at.end !== 1) at.end = end;
}

/**
 * The sequences one name adds: the name as written ('Jan de Vries'), its first word with the
 * surname with or without particles ('Jan Vries' is rare but costs nothing), and the surname with
 * its particles alone ('De Vries') only where the text writes the surname with a capital; `title`
 * the surname as it may follow a form of address ('mevrouw De Vries', 'dhr. Vries'). A single word
 * alone is never a name: a first name is often a word too ('Roos', 'Hoop'), and many surnames are
 * ('Bakker', 'Visser').
 */
function sequencesOf(
  name: string,
): { own: Array<{ words: string[]; end: 1 | 2 }>; title: string[][] } | null {
  const words = (name.match(WORD) ?? []).map(foldName);
  if (words.length < 2) return null;
  const first = words[0] as string;
  const surname = words.slice(-1);
  let particlesFrom = words.length - 1;
  while (particlesFrom > 1 && PARTICLES.has(words[particlesFrom - 1] as string)) particlesFrom--;
  const withParticles = words.slice(particlesFrom);
  const own: Array<{ words: string[]; end: 1 | 2 }> = [
    { words, end: 1 },
    { words: [first, ...surname], end: 1 },
    { words: [first, ...withParticles], end: 1 },
  ];
  if (withParticles.length > surname.length) own.push({ words: withParticles, end: 2 });
  return { own, title: [surname, withParticles] };
}

/** A matcher over a set of names: `mask(text)` puts `[naam]` where one of them is written. */
export interface NameMatcher {
  /** How many names it knows (for a log line, and to skip the walk without names). */
  readonly size: number;
  mask(text: string): string;
}

/** Builds the matcher once for a set of names ('Jan de Vries', 'Fatma Yılmaz'); blank ones are left out. */
export function createNameMatcher(names: Iterable<string>): NameMatcher {
  const root = node();
  // Every title leads to one shared node, so a surname is added once for all of them.
  const afterTitle = node();
  for (const title of TITLES) root.next.set(title, afterTitle);
  let size = 0;
  for (const name of names) {
    const sequences = sequencesOf(name);
    if (sequences === null) continue;
    size++;
    for (const sequence of sequences.own) add(root, sequence.words, sequence.end);
    for (const words of sequences.title) add(afterTitle, words, 1);
  }
  return {
    size,
    mask(text) {
      if (size === 0) return text;
      const words: Array<{ start: number; end: number; folded: string }> = [];
      const word = WORD;
      word.lastIndex = 0;
      for (let match = word.exec(text); match !== null; match = word.exec(text))
        words.push({ start: match.index, end: match.index + match[0].length, folded: foldName(match[0]) });
      let out = '';
      let copied = 0;
      let index = 0;
      while (index < words.length) {
        let at = root.next.get((words[index] as (typeof words)[number]).folded);
        let last = -1;
        for (let step = index; at !== undefined; ) {
          const current = words[step] as (typeof words)[number];
          const initial = text.charAt(current.start);
          if (at.end === 1 || (at.end === 2 && initial !== initial.toLowerCase())) last = step;
          const next = words[++step];
          if (next === undefined || !JOIN.test(text.slice(current.end, next.start))) break;
          at = at.next.get(next.folded);
        }
        if (last < 0) {
          index++;
          continue;
        }
        out += text.slice(copied, (words[index] as (typeof words)[number]).start) + NAME_PLACEHOLDER;
        copied = (words[last] as (typeof words)[number]).end;
        index = last + 1;
      }
      return copied === 0 ? text : out + text.slice(copied);
    },
  };
}
