/**
 * A realistic Dutch business analysis in Markdown, as the built-in analyst or an LLM writes one:
 * sections with headings, paragraphs with bold figures and links, bullet and numbered lists, bold
 * conclusions, a few escaped entities. Deterministic, grown section by section to `minChars`.
 */
const TOPICS = [
  'Klanttevredenheid',
  'Omzet en marge',
  'Personeel en verloop',
  'Responspercentages',
  'Kosten en liquiditeit',
  'Net Promoter Score',
  'Doorlooptijden',
  'Marketing en bereik',
];

function section(index: number): string {
  const topic = TOPICS[index % TOPICS.length] ?? 'Algemeen';
  const change = ((index * 37) % 23) - 8;
  const score = 40 + ((index * 13) % 45);
  return [
    `## ${index + 1}. ${topic}`,
    '',
    `In het afgelopen kwartaal kwam **${topic.toLowerCase()}** uit op een score van **${score}**, een verandering van ${change > 0 ? '+' : ''}${change}% ten opzichte van het vorige kwartaal. ` +
      `De doelwaarde van ${score + 5} is ${change >= 0 ? 'bijna' : 'nog niet'} bereikt; zie het [dashboard](https://app.loop.example/dashboard) voor de details per team &amp; afdeling.`,
    'Vooral in de regio’s Noord en Oost is het verschil met vorig jaar duidelijk zichtbaar.',
    '',
    '### Sterke punten',
    `- Medewerkers beoordelen de samenwerking met een *${(score / 10).toFixed(1)}*`,
    '- De responsgraad van de laatste survey lag boven de 60%',
    `- Klanten noemen de service "snel" en "persoonlijk" (${score * 3} vermeldingen)`,
    '',
    '### Risico’s',
    '1. De wachttijd voor nieuwe klanten loopt op tot **12 dagen**',
    '2. Het verloop onder nieuwe medewerkers is hoger dan gemiddeld',
    '',
    `**Aanbeveling: plan binnen vier weken een gesprek met de teamleiders over ${topic.toLowerCase()}.**`,
    '',
  ].join('\n');
}

export function dutchReport(minChars: number): string {
  let report = '# Bedrijfsanalyse\n\nDeze analyse is gebaseerd op **24 KPI’s** en **6 surveys**.\n\n';
  for (let index = 0; report.length < minChars; index++) report += section(index);
  return report;
}
