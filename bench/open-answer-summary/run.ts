/**
 * The built-in summariser of open answers (issue 15, plan feature 'ai') on 10,000 generated Dutch
 * answers, beside a baseline in the same process: a bare word count (every answer lower-cased and
 * split into words, each word counted in a Map), the least any summary by keywords has to do.
 * Budget: ≤ 200 ms median in Node for 10,000 answers, personal data masked with the names of an
 * organisation's 2,000 people (R-PRIV-4 to R-PRIV-8) included.
 * Run: node scripts/pnpm.mjs bench:open-answer-summary
 */
import { SUMMARY_ANSWERS_MAX, summariseOpenAnswers } from '@loop/core/surveys/summary';
import { sideBySide } from '../benchKit';
import { prng } from '../prng';

const BUDGET_MS = 200;

/** Openings, subjects and endings that make answers like employees write them, some with personal data. */
const OPENINGS = [
  '',
  '',
  '',
  '',
  '',
  'Graag ',
  'Ik vind dat ',
  'Wat mij betreft: ',
  'Eerlijk gezegd ',
  'Al jaren ',
];
const SUBJECTS = [
  'de werkdruk te hoog is',
  'er te veel vergaderingen zijn',
  'mijn laptop traag is en videobellen vastloopt',
  'de kantine gezonder mag',
  'er meer waardering van het management mag komen',
  'het inwerken van nieuwe collega’s beter kan',
  'de communicatie over de plannen summier is',
  'parkeren bij kantoor een probleem is',
  'de planningstool onhandig is',
  'thuiswerken prima gaat maar een bureaustoel welkom is',
  'er meer budget voor opleidingen moet komen',
  'de avond- en weekenddiensten eerlijker verdeeld kunnen worden',
  'besluiten sneller genomen moeten worden',
  'de koffieautomaat vaak kapot is',
  'er te weinig focustijd is door de chat',
];
const ENDINGS = [
  '.',
  '.',
  '.',
  '.',
  '.',
  '.',
  '!',
  '!',
  '. Verder niets.',
  ', bel me op 06-12345678.',
  ', mail naar j.jansen@voorbeeld.nl.',
  ', vraag het maar aan Jan de Vries.',
  ', mijn onkosten graag op NL91 ABNA 0417 1643 00.',
  ', stuur het naar Kerkstraat 12, 1234 AB Utrecht.',
  '. Dat speelt al sinds vorig jaar en wordt steeds erger, vooral in drukke weken.',
];

function answers(count: number, seed: number): string[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, () => {
    const first = `${pick(OPENINGS)}${pick(SUBJECTS)}`;
    const text =
      random() < 0.3 ? `${first}, en ${pick(SUBJECTS)}${pick(ENDINGS)}` : `${first}${pick(ENDINGS)}`;
    return text.charAt(0).toUpperCase() + text.slice(1);
  });
}

const FIRST_NAMES =
  'Jan Sanne Fatma Pieter Roos Mohammed Anne Kees Loïs Daan Emma Noah Julia Lucas Mila Sem Tess Finn Zoë Levi'.split(
    ' ',
  );
const SURNAMES = Array.from(
  { length: 100 },
  (_, index) =>
    `${['de ', 'van ', 'van der ', ''][index % 4]}Achternaam${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`,
);
/** The organisation's 2,000 people: every first name with every surname, and the one the answers name. */
const NAMES = [
  ...FIRST_NAMES.flatMap((first) => SURNAMES.map((surname) => `${first} ${surname}`)),
  'Jan de Vries',
];

const WORD = /[\p{L}\p{N}]+/gu;

/** The baseline: a word count over the answers. */
function wordCount(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts)
    for (const [word] of text.toLowerCase().matchAll(WORD)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

const texts = answers(SUMMARY_ANSWERS_MAX, 15);
const chars = texts.reduce((sum, text) => sum + text.length, 0);
const [summary, baseline] = await sideBySide(
  15,
  async () => summariseOpenAnswers(texts, NAMES),
  async () => wordCount(texts),
);
const result = summariseOpenAnswers(texts, NAMES);

console.log(
  `Node ${process.version}, ${texts.length} answers, ${(chars / 1000).toFixed(0)} kB of text, ${NAMES.length} names`,
);
console.log(
  `built-in summariser: median ${summary.median.toFixed(1)} ms, fastest ${summary.min.toFixed(1)} ms`,
);
console.log(
  `word count baseline: median ${baseline.median.toFixed(1)} ms, fastest ${baseline.min.toFixed(1)} ms`,
);
console.log(`ratio summariser / baseline (median): ${(summary.median / baseline.median).toFixed(1)}×`);
console.log(
  `themes: ${result.themes.map((theme) => `${theme.label} ${theme.count}`).join(', ')}; overig ${result.other}`,
);
console.log(
  `budget ${BUDGET_MS} ms: ${summary.median <= BUDGET_MS ? 'met' : 'MISSED'} (${(summary.median / BUDGET_MS).toFixed(2)} of it)`,
);
if (summary.median > BUDGET_MS) process.exitCode = 1;
