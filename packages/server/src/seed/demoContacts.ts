import type { ContactFilter, ContactLanguage } from '@loop/core';
import { type ContactValues, checkContact } from '@loop/core/contacts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { columnsOf } from '../contacts/contactStore';
import type { Transaction } from '../db/database';
import { contactAddressDigest, contactSegments, contacts } from '../db/schema';

/**
 * The demo organisation's contacts: 60 made-up people at real Dutch addresses (town halls,
 * museums, libraries and stations of thirteen cities: public buildings, so no private home gets a
 * made-up resident), each already placed on the map with the address's position, so the map shows
 * them without asking PDOK. Their e-mail addresses are under `.example` (RFC 2606): a demo that
 * gets an SMTP server can never mail a real person.
 */

/** Street, house number, postcode, place, latitude, longitude. */
type DemoAddress = readonly [string, string, string, string, number, number];

const ADDRESSES: readonly DemoAddress[] = [
  // Amsterdam
  ['Dam', '1', '1012 JS', 'Amsterdam', 52.3731, 4.8913],
  ['Museumstraat', '1', '1071 XX', 'Amsterdam', 52.36, 4.8852],
  ['Museumplein', '6', '1071 DJ', 'Amsterdam', 52.3584, 4.8811],
  ['Prinsengracht', '263', '1016 GV', 'Amsterdam', 52.3752, 4.884],
  ['Oosterdokskade', '143', '1011 DL', 'Amsterdam', 52.3757, 4.9081],
  ['Amstel', '3', '1011 PN', 'Amsterdam', 52.3672, 4.9018],
  ['Plantage Kerklaan', '38', '1018 CZ', 'Amsterdam', 52.3662, 4.9166],
  ['Jodenbreestraat', '4', '1011 NK', 'Amsterdam', 52.3694, 4.9012],
  ['Leidseplein', '26', '1017 PT', 'Amsterdam', 52.3641, 4.8826],
  ['Paulus Potterstraat', '13', '1071 CX', 'Amsterdam', 52.358, 4.8798],
  ['Kattenburgerplein', '1', '1018 KK', 'Amsterdam', 52.3717, 4.9153],
  ['Oosterdok', '2', '1011 VX', 'Amsterdam', 52.3741, 4.9123],
  // Rotterdam
  ['Coolsingel', '40', '3011 AD', 'Rotterdam', 51.9227, 4.4792],
  ['Museumpark', '18', '3015 CX', 'Rotterdam', 51.9141, 4.4737],
  ['Overblaak', '70', '3011 MH', 'Rotterdam', 51.9202, 4.4904],
  ['Ds. Jan Scharpstraat', '298', '3011 GZ', 'Rotterdam', 51.9199, 4.4869],
  ['Schouwburgplein', '25', '3012 CL', 'Rotterdam', 51.9215, 4.4736],
  ['Koninginnenhoofd', '1', '3072 AD', 'Rotterdam', 51.9036, 4.4823],
  ['Blijdorplaan', '8', '3041 JG', 'Rotterdam', 51.9275, 4.4487],
  ['Hoogstraat', '110', '3011 PV', 'Rotterdam', 51.9225, 4.4895],
  ['Westzeedijk', '345', '3015 AA', 'Rotterdam', 51.9112, 4.4729],
  // Utrecht
  ['Domplein', '29', '3512 JE', 'Utrecht', 52.0905, 5.122],
  ['Stadhuisbrug', '1', '3511 KP', 'Utrecht', 52.0922, 5.119],
  ['Lange Nieuwstraat', '38', '3512 PH', 'Utrecht', 52.087, 5.1226],
  ['Agnietenstraat', '1', '3512 XA', 'Utrecht', 52.0834, 5.125],
  ['Vredenburgkade', '11', '3511 WC', 'Utrecht', 52.093, 5.1133],
  ['Neude', '11', '3512 AE', 'Utrecht', 52.0932, 5.119],
  ['Steenweg', '6', '3511 JP', 'Utrecht', 52.091, 5.1185],
  ['Lucasbolwerk', '24', '3512 EH', 'Utrecht', 52.0937, 5.1283],
  // Den Haag
  ['Binnenhof', '1', '2513 AA', 'Den Haag', 52.0798, 4.3133],
  ['Plein', '29', '2511 CS', 'Den Haag', 52.0804, 4.3143],
  ['Spui', '70', '2511 BT', 'Den Haag', 52.0772, 4.3177],
  ['Lange Voorhout', '74', '2514 EH', 'Den Haag', 52.084, 4.3127],
  ['Stadhouderslaan', '41', '2517 HV', 'Den Haag', 52.0896, 4.2806],
  ['Carnegieplein', '2', '2517 KJ', 'Den Haag', 52.0866, 4.2955],
  ['Koningin Julianaplein', '10', '2595 AA', 'Den Haag', 52.0808, 4.3249],
  ['Prins Willem-Alexanderhof', '5', '2595 BE', 'Den Haag', 52.0812, 4.3265],
  // Groningen
  ['Grote Markt', '1', '9711 LV', 'Groningen', 53.219, 6.5679],
  ['Museumeiland', '1', '9711 ME', 'Groningen', 53.2122, 6.5662],
  ['Broerstraat', '5', '9712 CP', 'Groningen', 53.2192, 6.563],
  // Maastricht
  ['Markt', '78', '6211 CR', 'Maastricht', 50.8513, 5.6909],
  ['Keizer Karelplein', '3', '6211 TC', 'Maastricht', 50.8489, 5.6877],
  ['Avenue Céramique', '250', '6221 KX', 'Maastricht', 50.8423, 5.703],
  ['Dominicanerkerkplein', '1', '6211 CZ', 'Maastricht', 50.8518, 5.6894],
  // Eindhoven
  ['Stadhuisplein', '10', '5611 EM', 'Eindhoven', 51.4398, 5.4778],
  ['Bilderdijklaan', '10', '5611 NH', 'Eindhoven', 51.4344, 5.4818],
  // Haarlem
  ['Grote Markt', '2', '2011 RD', 'Haarlem', 52.3811, 4.6366],
  ['Groot Heiligland', '62', '2011 ES', 'Haarlem', 52.3767, 4.6367],
  ['Spaarne', '16', '2011 CH', 'Haarlem', 52.3802, 4.6405],
  // Leiden
  ['Stadhuisplein', '1', '2311 EJ', 'Leiden', 52.1584, 4.4913],
  ['Rapenburg', '73', '2311 GJ', 'Leiden', 52.1569, 4.4838],
  ['Darwinweg', '2', '2333 CR', 'Leiden', 52.1652, 4.4735],
  ['Rapenburg', '28', '2311 EW', 'Leiden', 52.1583, 4.4858],
  // Nijmegen
  ['Korte Burchtstraat', '20', '6511 TA', 'Nijmegen', 51.8474, 5.8641],
  ['Kelfkensbos', '59', '6511 TB', 'Nijmegen', 51.8475, 5.8693],
  // Arnhem
  ['Hoeferlaan', '4', '6816 SG', 'Arnhem', 52.0094, 5.9092],
  // Zwolle
  ['Blijmarkt', '20', '8011 NE', 'Zwolle', 52.5098, 6.0929],
  ['Grote Kerkplein', '15', '8011 PK', 'Zwolle', 52.5125, 6.0915],
  // Delft
  ['Markt', '87', '2611 GW', 'Delft', 52.0115, 4.3584],
  ['Sint Agathaplein', '1', '2611 HR', 'Delft', 52.013, 4.3547],
];

const NAMES = [
  'Sanne de Wit',
  'Bas van der Linden',
  'Fatma Kaya',
  'Joris Verhoeven',
  'Maaike Dijkstra',
  'Kevin Hoekstra',
  'Ilse van Beek',
  'Youssef Amrani',
  'Marloes Bosman',
  'Wouter Sluiter',
  'Esther Vonk',
  'Rick de Graaf',
  'Priya Ramdin',
  'Tim Hofman',
  'Femke Timmermans',
  'Hans Bruinsma',
  'Nadia Bouzid',
  'Gert-Jan Kuiper',
  'Lieke van Rijn',
  'Mehmet Demir',
  'Anke Scholten',
  'Koen Veenstra',
  'Roos Lammers',
  'Dennis Wijnen',
  'Charlotte Bakx',
  'Martijn Zwart',
  'Loes Hermans',
  'Ahmed El Idrissi',
  'Karin Steenbergen',
  'Niels Brouwers',
  'Marieke Post',
  'Jeroen Evers',
  'Saskia van Vliet',
  'Hamza Yıldız',
  'Wendy Kroon',
  'Pim Vermeer',
  'Annemiek Jonker',
  'Sven Mol',
  'Dewi Sutanto',
  'Frank Geerts',
  'Inge Claessens',
  'Olivier Smeets',
  'Hanneke Wolters',
  'Ricardo Martina',
  'Floor van Dam',
  'Maarten Bos',
  'Elif Arslan',
  'Tom Huijbregts',
  'Ellen Vos',
  'Rutger van Essen',
  'Naomi Pinas',
  'Erik Hoogland',
  'Marjolein Kramer',
  'Stefan Ruiter',
  'Yvonne de Haan',
  'Laurens Drost',
  'Sara Gerritsen',
  'Bart Schipper',
  'Mirjam Oosting',
  'Ivo Peeters',
] as const;

const COMPANIES = [
  'Bakkerij De Korenaar',
  'Fietsenmaker Spaak',
  'Tandartspraktijk Het Gebit',
  'Van Leeuwen Installatietechniek',
  'Boekhandel Het Leesteken',
  null,
  'Koffiebranderij Bonenstaak',
  'Architectenbureau Lijnwerk',
  null,
  'Zorggroep De Linde',
] as const;

const SUBSCRIPTIONS = ['Basis', 'Plus', 'Premium'] as const;

/** The tag of the demo segment's contacts. */
export const DEMO_PANEL_TAG = 'panel';

export const DEMO_SEGMENT: { readonly name: string; readonly filter: ContactFilter } = {
  name: 'Klantenpanel',
  filter: { tags: [DEMO_PANEL_TAG] },
};

export interface DemoContact {
  readonly values: ContactValues;
  readonly lat: number;
  readonly lng: number;
  /** When they unsubscribed (null: still subscribed), as days before the seed. */
  readonly unsubscribedDaysAgo: number | null;
}

/** An e-mail address from a name: 'Gert-Jan van der Linden' → 'gert-jan.vanderlinden@…'. */
const emailOf = (name: string): string => {
  const [first = '', ...rest] = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^a-z -]/g, '')
    .split(' ');
  return `${first}.${rest.join('')}@klant.example`;
};

const LANGUAGES: Readonly<Record<number, ContactLanguage>> = { 7: 'en', 27: 'en', 45: 'de' };

/** The demo contacts, the same on every machine. */
export const DEMO_CONTACTS: readonly DemoContact[] = NAMES.map((name, i) => {
  const [street, house_number, postcode, city, lat, lng] = ADDRESSES[i] as DemoAddress;
  const tags = [
    i % 3 === 0 ? 'particulier' : 'zakelijk',
    ...(i % 3 === 1 ? [DEMO_PANEL_TAG] : []),
    ...(i % 11 === 4 ? ['ambassadeur'] : []),
    ...(i >= 54 ? ['nieuw'] : []),
  ];
  const checked = checkContact({
    name,
    email: emailOf(name),
    company: i % 3 === 0 ? null : COMPANIES[i % COMPANIES.length],
    street,
    house_number,
    postcode,
    city,
    language: LANGUAGES[i] ?? 'nl',
    tags,
    attributes: {
      abonnement: SUBSCRIPTIONS[(i * 7) % 3] as string,
      'klant sinds': String(2014 + ((i * 5) % 12)),
    },
  });
  if (!checked.ok) throw new Error(`demo contact ${name} is invalid: ${JSON.stringify(checked.fields)}`);
  return { values: checked.value, lat, lng, unsubscribedDaysAgo: i === 17 || i === 41 ? 20 + i : null };
});

/**
 * The demo contacts the organisation does not have yet (by e-mail address, whatever its case),
 * placed as the geocoder would have placed them (`geocoded_address` is the digest of their address,
 * so the geocoding job sees nothing to look up), and the demo segment when missing. Answers the
 * organisation's id per demo e-mail address (lower case), for the demo invitations.
 */
export async function seedDemoContacts(
  tx: Transaction,
  values: { readonly organizationId: number; readonly now: Date },
): Promise<ReadonlyMap<string, number>> {
  const { organizationId, now } = values;
  const created = await tx
    .insert(contacts)
    .values(
      DEMO_CONTACTS.map((contact, i) => {
        // Added over the past year, the newest last.
        const createdAt = new Date(now.getTime() - (DEMO_CONTACTS.length - i) * 6 * 86_400_000);
        return {
          organizationId,
          ...columnsOf(contact.values),
          latitude: contact.lat,
          longitude: contact.lng,
          positionSource: 'geocoder' as const,
          unsubscribedAt:
            contact.unsubscribedDaysAgo === null
              ? null
              : new Date(now.getTime() - contact.unsubscribedDaysAgo * 86_400_000),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: contacts.id });
  if (created.length > 0)
    await tx
      .update(contacts)
      .set({ geocodedAddress: contactAddressDigest(contacts) })
      .where(
        inArray(
          contacts.id,
          created.map((row) => row.id),
        ),
      );
  await tx
    .insert(contactSegments)
    .values({ organizationId, ...DEMO_SEGMENT, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const emails = DEMO_CONTACTS.map((contact) => contact.values.email.toLowerCase());
  const rows = await tx
    .select({ id: contacts.id, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(sql`lower(${contacts.email})`, emails)));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
}
