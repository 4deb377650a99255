import { describe, expect, it } from 'vitest';
import { parseXml, XML_MAX_DEPTH, type XmlElement } from './xmlReader';

const root = (text: string): XmlElement => {
  const result = parseXml(text);
  if (!result.ok) throw new Error(result.message);
  return result.root;
};
const refusal = (text: string): string => {
  const result = parseXml(text);
  if (result.ok) throw new Error('read');
  return result.message;
};

describe('parseXml', () => {
  it('should read elements, attributes in either quote, text and empty elements with their lines', () => {
    const doc = root(
      '<?xml version="1.0" encoding="utf-8"?>\n<a x="1" y=\'2\'>\n  <b/>tekst<c z = "3">in</c></a>\n',
    );
    expect(doc).toEqual({
      name: 'a',
      attributes: { x: '1', y: '2' },
      line: 2,
      children: [
        '\n  ',
        { name: 'b', attributes: {}, children: [], line: 3 },
        'tekst',
        { name: 'c', attributes: { z: '3' }, children: ['in'], line: 3 },
      ],
    });
  });

  it('should decode the predefined entities and character references, in text and attributes', () => {
    const doc = root('<a t="&lt;&quot;&#x41;&#65;">&amp;&lt;b&gt;&apos;&#233;&#x1F600;&#13;</a>');
    expect(doc.attributes.t).toBe('<"AA');
    expect(doc.children).toEqual(["&<b>'é😀\r"]);
    expect(root('<a t="1\n2&#10;3\t4"/>').attributes.t).toBe('1 2\n3 4');
  });

  it('should join CDATA with the text around it and keep its markup as text', () => {
    expect(root('<a>x<![CDATA[<b>&amp;</b>]]>y</a>').children).toEqual(['x<b>&amp;</b>y']);
  });

  it('should skip comments and allow a BOM, and normalise line ends as XML does', () => {
    expect(root('\uFEFF<!-- hoi --><a>1\r\n2\r3<!-- <b> --></a>').children).toEqual(['1\n2\n3']);
  });

  it('should keep an attribute named like an object property as a plain value', () => {
    expect(root('<a __proto__="x" constructor="y"/>').attributes).toEqual(
      JSON.parse('{"__proto__": "x", "constructor": "y"}'),
    );
  });

  it('should refuse a DOCTYPE and so every entity definition (billion laughs, external entities)', () => {
    expect(refusal('<!DOCTYPE a [<!ENTITY x "xx">]><a>&x;</a>')).toBe(
      'Het bestand is geen geldige XML (regel 1): een DOCTYPE of entiteitsdefinitie, die Loop niet leest.',
    );
    expect(refusal('<?xml version="1.0"?>\n<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>')).toContain(
      'regel 2',
    );
  });

  it('should refuse unknown entities, bad references and forbidden characters', () => {
    expect(refusal('<a>&nbsp;</a>')).toContain("de onbekende entiteit '&nbsp;'");
    expect(refusal('<a>\n\n\nx &nbsp;</a>')).toContain('(regel 4)');
    expect(refusal('<a\n\nt="&bad;"/>')).toContain('(regel 3)');
    expect(refusal('<a>& b</a>')).toContain('onbekende entiteit');
    expect(refusal('<a>&#0;</a>')).toContain('een teken dat XML niet toestaat');
    expect(refusal('<a>&#xD800;</a>')).toContain('een teken dat XML niet toestaat');
    expect(refusal('<a>&#x110000;</a>')).toContain('niet toestaat');
    expect(refusal('<a>\u0001</a>')).toContain('niet toestaat');
    expect(refusal('<a>\uD800</a>')).toContain('niet toestaat');
    expect(root('<a>\uD83D\uDE00</a>').children).toEqual(['😀']);
  });

  it('should refuse processing instructions and encodings other than UTF-8', () => {
    expect(refusal('<a><?php echo 1 ?></a>')).toContain('verwerkingsinstructie');
    expect(refusal('<?xml-stylesheet href="x.xsl"?><a/>')).toContain('verwerkingsinstructie');
    expect(refusal('<?xml version="1.0" encoding="ISO-8859-1"?><a/>')).toContain("de codering 'ISO-8859-1'");
  });

  it('should refuse broken structure with the line it is on', () => {
    expect(refusal('<a>\n<b></a>')).toBe(
      'Het bestand is geen geldige XML (regel 2): <b> wordt afgesloten met </a>.',
    );
    expect(refusal('<a><b>')).toContain('<b> wordt niet afgesloten');
    expect(refusal('<a></a><b/>')).toContain('een tweede hoofdelement');
    expect(refusal('tekst<a/>')).toContain('tekst buiten het hoofdelement');
    expect(refusal('')).toContain('geen hoofdelement');
    expect(refusal('<a x="1" x="2"/>')).toContain("het attribuut 'x' staat er twee keer");
    expect(refusal('<a x=1/>')).toContain('een ongeldig attribuut');
    expect(refusal('<a x="<"/>')).toContain('een ongeldig attribuut');
    expect(refusal('<a x="1"y="2"/>')).toContain('een ongeldig attribuut');
    expect(refusal('<a><![CDATA[x</a>')).toContain('Een CDATA-blok wordt niet afgesloten');
    expect(refusal('<a><!-- x</a>')).toContain('Een opmerking wordt niet afgesloten');
    expect(refusal('<1a/>')).toContain('een ongeldige tag');
    expect(refusal('<a>]]></a>')).toContain('een ongeldige tag');
  });

  it(`should refuse more than ${XML_MAX_DEPTH} elements in one another`, () => {
    const deep = (n: number) => `${'<a>'.repeat(n)}${'</a>'.repeat(n)}`;
    expect(parseXml(deep(XML_MAX_DEPTH)).ok).toBe(true);
    expect(refusal(deep(XML_MAX_DEPTH + 1))).toContain(`meer dan ${XML_MAX_DEPTH} elementen in elkaar`);
    expect(refusal('<a>'.repeat(100_000))).toContain('elementen in elkaar');
  });

  it('should read a large flat document in one pass', () => {
    const many = `<a>${'<b x="1">t &amp; t</b>'.repeat(200_000)}</a>`;
    const started = Date.now();
    expect(root(many).children).toHaveLength(200_000);
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
