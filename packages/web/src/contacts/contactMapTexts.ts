/** The Dutch texts of the contacts map (/contacten, 'Kaart'). */
export const CONTACT_MAP_TEXTS = {
  heading: 'Kaart',
  loading: 'De kaart wordt geladen...',
  failed: 'De kaart kon niet worden getekend. Probeer het opnieuw.',
  mapLabel: 'Kaart van de contacten',
  placingHint:
    "Sleep de zwarte marker naar de juiste plek en kies 'Positie opslaan', of verschuif de kaart met de pijltjestoetsen en kies 'Hier plaatsen'.",
  saved: (name: string) => `${name} staat op de kaart.`,
  unplaced: (name: string) => `${name} wordt weer automatisch op de kaart gezet.`,
  allPlaced: 'Alle contacten van deze selectie staan op de kaart.',
  colourLabel: 'Kleur op',
  colourNone: 'Niets (één kleur)',
  colourNoSurveys:
    'Nog geen survey om op te kleuren: nodig contacten uit voor een survey, dan kleurt de kaart op hun antwoorden.',
  colourAnonymous: 'Anonieme surveys staan er niet bij: hun antwoorden zijn niet aan contacten gekoppeld.',
  colourBy: (by: 'nps' | 'status') => (by === 'nps' ? 'NPS' : 'status van de uitnodiging'),
} as const;
