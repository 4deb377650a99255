import { describe, expect, it } from 'vitest';
import { sourceFingerprint, sourceTexts } from './translationSources';
import { ENGLISH, SURVEY } from './translations.fixtures';
import { escapeXml, readXliff, toXliff, XLIFF_MAX_LENGTH, XLIFF_MAX_UNITS } from './xliff';

const SOURCES = sourceTexts(SURVEY);

/** A file as a CAT tool might send it back: our header and the units given. */
const file = (units: string, header = 'srcLang="nl" trgLang="en"') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" ${header}>\n<file id="f">${units}</file></xliff>`;
const unit = (id: string, source: string, target?: string, state = 'translated') =>
  `<unit id="${id}"><segment state="${state}"><source>${source}</source>${target === undefined ? '' : `<target>${target}</target>`}</segment></unit>`;

const units = (text: string, language = 'en') => {
  const read = readXliff(text, language);
  if (!read.ok) throw new Error(read.message);
  return read.units;
};
const refusal = (text: string, language = 'en') => {
  const read = readXliff(text, language);
  if (read.ok) throw new Error('read');
  return read.message;
};

describe('toXliff', () => {
  it('should write an XLIFF 2.0 document from Dutch with one unit per text, notes and states', () => {
    const xliff = toXliff(SOURCES.slice(0, 2), 'en', { texts: { title: 'Employees 2026' } });
    expect(xliff).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="nl" trgLang="en">',
        '  <file id="survey" xml:space="preserve">',
        '    <unit id="title">',
        '      <notes><note category="location">De titel van de survey</note><note category="length">Hoogstens 200 tekens.</note></notes>',
        '      <segment state="translated">',
        '        <source>Medewerkers 2026</source>',
        '        <target>Employees 2026</target>',
        '      </segment>',
        '    </unit>',
        '    <unit id="description_html">',
        '      <notes><note category="location">De beschrijving van de survey</note><note category="format">HTML: vertaal de tekst tussen de tags en laat de tags zelf staan.</note><note category="length">Hoogstens 20.000 tekens.</note></notes>',
        '      <segment state="initial">',
        '        <source>&lt;p&gt;Jaarlijkse &lt;strong&gt;peiling&lt;/strong&gt; &amp;amp; meer&lt;/p&gt;</source>',
        '      </segment>',
        '    </unit>',
        '  </file>',
        '</xliff>',
        '',
      ].join('\n'),
    );
  });

  it('should send a stale translation back as initial with a note', () => {
    const xliff = toXliff(SOURCES.slice(0, 1), 'en', {
      texts: { title: 'Staff 2025' },
      source_fingerprints: { title: sourceFingerprint('Medewerkers 2025') },
    });
    expect(xliff).toContain('<segment state="initial">');
    expect(xliff).toContain('<target>Staff 2025</target>');
    expect(xliff).toContain('De Nederlandse tekst is veranderd sinds deze vertaling');
  });

  it('should read back every text exactly as written, quotes, ampersands, line ends and all', () => {
    const read = units(toXliff(SOURCES, 'en', { texts: ENGLISH }));
    expect(read.map((u) => u.id)).toEqual(SOURCES.map((source) => source.key));
    for (const u of read) {
      expect(u.source).toBe(SOURCES.find((source) => source.key === u.id)?.text);
      expect(u.target).toBe(ENGLISH[u.id]);
      expect(u.state).toBe('translated');
    }
  });
});

describe('escapeXml', () => {
  it('should escape markup and leave out what XML cannot hold', () => {
    expect(escapeXml('a<b>&"c"\r\u0000\uFFFF\uD800😀')).toBe('a&lt;b&gt;&amp;&quot;c&quot;&#13;😀');
  });
});

describe('readXliff', () => {
  it('should join segments and ignorables a CAT tool split a text into', () => {
    const text = file(
      '<unit id="title"><segment state="translated"><source>Een.</source><target>One.</target></segment><ignorable><source> </source><target> </target></ignorable><segment state="final"><source>Twee.</source><target>Two.</target></segment></unit>',
    );
    expect(units(text)).toEqual([
      { id: 'title', source: 'Een. Twee.', target: 'One. Two.', state: 'translated' },
    ]);
  });

  it('should read units in groups and files, CDATA, and skip notes and other namespaces', () => {
    const text = file(
      `<notes><note>x</note></notes><group id="g"><mq:meta xmlns:mq="urn:memoq">x</mq:meta>${unit('title', 'T', '<![CDATA[<b>&</b>]]>')}</group>`,
    );
    expect(units(text)).toEqual([{ id: 'title', source: 'T', target: '<b>&</b>', state: 'translated' }]);
    const nested = file(
      `<group id="g">${unit('a', 'x')}<group id="h">${unit('b', 'y')}</group></group>${unit('c', 'z')}`,
    );
    expect(units(nested).map((u) => u.id)).toEqual(['a', 'b', 'c']);
  });

  it('should call a segment without a state initial and a unit without target untranslated', () => {
    expect(
      units(
        file(`<unit id="a"><segment><source>x</source><target>y</target></segment></unit>${unit('b', 'z')}`),
      ),
    ).toEqual([
      { id: 'a', source: 'x', target: 'y', state: 'initial' },
      { id: 'b', source: 'z', target: null, state: 'translated' },
    ]);
  });

  it('should accept a regional target language such as en-GB', () => {
    expect(units(file(unit('title', 'T', 'T'), 'srcLang="nl-NL" trgLang="en-GB"'))).toHaveLength(1);
  });

  it('should refuse a file of another language pair, naming both', () => {
    expect(refusal(file(unit('title', 'T', 'T')), 'de')).toBe(
      "Het bestand is een vertaling naar 'en', niet naar het Duits (de).",
    );
    expect(refusal(file(unit('title', 'T', 'T'), 'srcLang="en" trgLang="de"'), 'de')).toBe(
      "Het bestand is vertaald vanuit 'en', niet vanuit het Nederlands (nl).",
    );
  });

  it('should refuse what is not XLIFF 2: XLIFF 1.2, another root, a missing namespace', () => {
    const message =
      'Het bestand is geen XLIFF 2.0-bestand. Exporteer het uit je vertaalprogramma als XLIFF 2.0.';
    expect(
      refusal('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file/></xliff>'),
    ).toBe(message);
    expect(refusal('<html><body/></html>')).toBe(message);
    expect(refusal(file('').replace(' xmlns="urn:oasis:names:tc:xliff:document:2.0"', ''))).toBe(message);
    expect(refusal('id,text\ntitle,Hallo')).toContain('geen geldige XML');
  });

  it('should refuse duplicate ids, ids that are no keys, units without source and stray elements', () => {
    expect(refusal(file(unit('title', 'a', 'b') + unit('title', 'a', 'c')))).toBe(
      "De tekst 'title' staat twee keer in het bestand.",
    );
    expect(refusal(file(unit('a b', 'x')))).toContain('een tekst in het bestand heeft geen geldig id');
    expect(refusal(file('<unit><segment><source>x</source></segment></unit>'))).toContain('geen geldig id');
    expect(refusal(file('<unit id="title"><segment><target>x</target></segment></unit>'))).toBe(
      "De tekst 'title' heeft geen Nederlandse brontekst (<source>).",
    );
    expect(refusal(file('<unit id="title"><script>x</script></unit>'))).toBe(
      'Regel 3: het element <script> hoort niet in een XLIFF-vertaling van Loop.',
    );
    expect(
      refusal(
        file(unit('title', 'x')).replace(
          '<file id="f">',
          '<file id="f"><unit id="x"><segment><source>y</source></segment></unit><file id="g"/>',
        ),
      ),
    ).toContain('het element <file> hoort niet');
  });

  it('should refuse inline codes in a source or target, nested or not', () => {
    expect(refusal(file(unit('title', 'T', 'a <pc id="1">b <ph id="2"/></pc>')))).toBe(
      "De tekst 'title' bevat opmaakcodes (<pc>) die Loop niet leest. Exporteer de vertaling met opmaak als gewone tekst.",
    );
    expect(refusal(file(unit('title', 'T <b>x</b>', 'T')))).toContain('opmaakcodes (<b>)');
  });

  it('should refuse a file larger than the limit before reading it', () => {
    const huge = file(unit('title', 'T', 'x'.repeat(10_000_000)));
    expect(huge.length).toBeGreaterThan(XLIFF_MAX_LENGTH);
    expect(refusal(huge)).toBe(
      'Het bestand is te groot: een vertaalbestand mag hoogstens 5 miljoen tekens hebben.',
    );
  });

  it(`should refuse more than ${XLIFF_MAX_UNITS} units`, () => {
    const many = Array.from(
      { length: XLIFF_MAX_UNITS + 1 },
      (_, i) => `<unit id="u${i}"><segment><source/></segment></unit>`,
    );
    expect(refusal(file(many.join('')))).toBe('Het bestand heeft meer dan 20.000 teksten.');
  });

  it('should pass on the XML reader refusals: entities, DOCTYPE', () => {
    expect(refusal(file(unit('title', 'T', '&nbsp;')))).toContain("de onbekende entiteit '&nbsp;'");
    expect(refusal(`<!DOCTYPE x [<!ENTITY a "b">]>${file('')}`)).toContain('DOCTYPE');
  });

  it('should read a BOM and Windows line ends from a file saved on Windows', () => {
    const text = `\uFEFF${file(unit('title', 'T', 'Line&#13;\nnext'))}`.replace(/\n/g, '\r\n');
    expect(units(text)[0]?.target).toBe('Line\r\nnext');
  });
});
