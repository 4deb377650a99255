/**
 * Answers to 'Wat kunnen we verbeteren?' as employees write them: themes that recur in different
 * words (plurals, accents, capitals, punctuation), personal data typed into an answer, and answers
 * that share nothing. Made up for these tests.
 */
export const IMPROVEMENT_ANSWERS: readonly string[] = [
  'De werkdruk is te hoog, zeker aan het eind van het kwartaal.',
  'Minder vergaderingen graag. Veel overleg kan in een bericht.',
  'Mijn laptop is traag en videobellen loopt vast.',
  'Werkdruk! Bel me gerust: 06-12345678 of mail piet.de.vries@voorbeeld.nl',
  'Betere laptops voor iedereen.',
  'Te veel vergaderingen op maandag.',
  'Een trage laptop kost me elke dag tijd.',
  'De WERKDRUK in ons team is structureel te hoog.',
  'Meer waardering van het management.',
  'De kantine mag gezonder.',
  'Vergadering na vergadering, ik kom niet aan mijn werk toe.',
  'Café-bezoek met het team zou leuk zijn.',
  'Een nieuwe laptop zou helpen; de huidige is vijf jaar oud.',
  "Werkdruk verlagen door extra collega's aan te nemen.",
  'Niets, ik ben tevreden.',
];

/** `count` answers: the list above again and again, in a fixed order. */
export const repeatedAnswers = (count: number): string[] =>
  Array.from(
    { length: count },
    (_, index) => IMPROVEMENT_ANSWERS[index % IMPROVEMENT_ANSWERS.length] as string,
  );
