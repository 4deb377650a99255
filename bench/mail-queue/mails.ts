/** The bench's mail number i: a survey invitation of a realistic size, different per recipient. */
export const benchMail = (i: number) => ({
  to: `contact-${i}@voorbeeld.nl`,
  subject: 'Uw mening telt: de medewerkerspeiling van november',
  text: `Beste contact ${i},\n\nWilt u de peiling invullen? https://loop.voorbeeld.nl/p/${i}\n\nMet vriendelijke groet`,
  html: `<p>Beste contact ${i},</p><p>Wilt u de peiling invullen? <a href="https://loop.voorbeeld.nl/p/${i}">Naar de peiling</a></p>`,
});
