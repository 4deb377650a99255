/**
 * Open answers as Dutch employees and customers write them, each with what must go into a prompt
 * (R-PRIV-4 to R-PRIV-8): personal data in every form people type it, and ordinary text that looks
 * like it (an order number, a year, an amount, a street word in a sentence, a first name that is a
 * word) and must stay. The people are made up; the IBANs and citizen service numbers are test
 * numbers that pass their checks.
 */

/** The organisation's contacts and members as the server hands them to the masker. */
export const ORGANISATION_PEOPLE = [
  'Jan de Vries',
  'Fatma Yılmaz',
  'Pieter van den Berg',
  'Roos Bakker',
  'Sanne Jansen',
  'Mohammed El Amrani',
  "Anne-Marie 't Hart",
  'Kees van der Linden-Smit',
  'Loïs Müller',
  'Admin',
] as const;

export interface CorpusAnswer {
  readonly text: string;
  /** The text as a prompt may carry it. */
  readonly masked: string;
}

const same = (text: string): CorpusAnswer => ({ text, masked: text });

export const PRIVACY_CORPUS: readonly CorpusAnswer[] = [
  // Bank accounts (R-PRIV-5).
  {
    text: 'Mijn declaratie staat nog open, graag overmaken op NL91 ABNA 0417 1643 00.',
    masked: 'Mijn declaratie staat nog open, graag overmaken op [IBAN].',
  },
  { text: 'rekening nl91abna0417164300 klopt niet meer', masked: 'rekening [IBAN] klopt niet meer' },
  {
    text: 'Terugbetaling naar BE68 5390 0754 7034 of DE89 3704 0044 0532 0130 00 en GB82WEST12345698765432',
    masked: 'Terugbetaling naar [IBAN] of [IBAN] en [IBAN]',
  },
  same('De code NL00 ABCD 1234 5678 90 op de factuur is geen rekeningnummer.'),
  // Citizen service numbers (R-PRIV-5).
  {
    text: 'Mijn BSN is 111222333, kunt u dat aanpassen?',
    masked: 'Mijn BSN is [BSN], kunt u dat aanpassen?',
  },
  {
    text: 'Burgerservicenummer 1234.56.782 staat verkeerd',
    masked: 'Burgerservicenummer [BSN] staat verkeerd',
  },
  { text: 'bsn: 123 456 782.', masked: 'bsn: [BSN].' },
  same('Bestelnummer 123456789 is nooit aangekomen.'),
  same('We hebben dit jaar € 123.456.789 omzet gedraaid, zegt de directie.'),
  same('Sinds 2019 werk ik hier, en in 2026 wil ik doorgroeien.'),
  same('De reiskosten van € 1.234,56 zijn na 12 weken nog niet vergoed.'),
  // E-mail addresses and phone numbers (R-PRIV-4).
  {
    text: 'Bel me gerust op 06-12345678 of mail naar j.devries@voorbeeld.nl',
    masked: 'Bel me gerust op [telefoonnummer] of mail naar [e-mailadres]',
  },
  { text: 'Mijn nummer: +31 20 123 4567', masked: 'Mijn nummer: [telefoonnummer]' },
  // Addresses (R-PRIV-6).
  {
    text: 'Het pakket moest naar Kerkstraat 12, 1234 AB Amsterdam maar kwam nooit aan.',
    masked: 'Het pakket moest naar [adres], [adres] Amsterdam maar kwam nooit aan.',
  },
  {
    text: 'Ik woon op de Laan van Meerdervoort 1a in Den Haag.',
    masked: 'Ik woon op de [adres] in Den Haag.',
  },
  { text: 'Bezorging op Dorpsweg 3 bis ging mis.', masked: 'Bezorging op [adres] ging mis.' },
  { text: 'postcode 1234AB 12a, graag aanpassen', masked: 'postcode [adres], graag aanpassen' },
  { text: 'adres: 1234 ab, 12-3', masked: 'adres: [adres]' },
  { text: 'Stuur het naar stationsplein 7 hs', masked: 'Stuur het naar [adres]' },
  { text: 'Wij zitten aan de Prinsengracht 263-267.', masked: 'Wij zitten aan de [adres].' },
  { text: 'Kantoor Markt 12 is te klein.', masked: 'Kantoor [adres] is te klein.' },
  same('De weg naar het kantoor is slecht verlicht.'),
  same('Ik sta elke dag in de file op de snelweg, 2 uur per dag.'),
  same('De supermarkt 24 uur open zou fijn zijn.'),
  same('Na de vergadering 3 keer per week ben ik moe.'),
  same('Er zijn 1200 en nog wat klanten, niet genoeg.'),
  same('We gaan de markt op met een nieuw product.'),
  same('Het park bij kantoor is mooi, de laan ernaartoe ook.'),
  // Names of the organisation's people (R-PRIV-7).
  {
    text: 'Jan de Vries is de beste leidinggevende die ik heb gehad.',
    masked: '[naam] is de beste leidinggevende die ik heb gehad.',
  },
  { text: 'Ik heb al drie keer gebeld met fatma yilmaz.', masked: 'Ik heb al drie keer gebeld met [naam].' },
  { text: 'Meneer De Vries reageert nooit op mail.', masked: '[naam] reageert nooit op mail.' },
  { text: 'mevr. Yılmaz hielp me snel.', masked: '[naam] hielp me snel.' },
  { text: 'Van den Berg plant altijd op vrijdag.', masked: '[naam] plant altijd op vrijdag.' },
  { text: 'PIETER VAN DEN BERG moet minder vergaderen', masked: '[naam] moet minder vergaderen' },
  { text: 'Sanne Jansen en Loïs Muller doen het goed.', masked: '[naam] en [naam] doen het goed.' },
  { text: 'Dank aan Mohammed El Amrani!', masked: 'Dank aan [naam]!' },
  { text: "Anne-Marie 't Hart regelde alles.", masked: '[naam] regelde alles.' },
  { text: 'Kees van der Linden-Smit is altijd bereikbaar.', masked: '[naam] is altijd bereikbaar.' },
  { text: 'Dhr. Amrani was erg vriendelijk.', masked: '[naam] was erg vriendelijk.' },
  same('Er staat een roos op mijn bureau, en Roos zelf is ook aardig.'),
  same('Jan zei dat het goed komt.'),
  same('De bakker op de hoek levert de lunch.'),
  same('Ik werk bij de vries-afdeling, het is er koud.'),
  same('De admin van het systeem is traag.'),
  same('Jansen zei dat het rooster verandert.'),
  // Several kinds in one answer.
  {
    text: 'Jan de Vries (jan@voorbeeld.nl, 06 1234 5678) woont op Kerkstraat 12 en heeft BSN 111222333 en rekening NL91ABNA0417164300.',
    masked:
      '[naam] ([e-mailadres], [telefoonnummer]) woont op [adres] en heeft BSN [BSN] en rekening [IBAN].',
  },
];
