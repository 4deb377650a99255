import { describe, expect, it } from 'vitest';
import {
  checkPersonalLinksForm,
  csvCell,
  PERSONAL_LINK_MESSAGES,
  personalLinksCsv,
  personalLinksFilename,
  respondUrl,
} from './personalLinks';

describe('respondUrl', () => {
  it('should put the token after /respond/ on the origin', () => {
    expect(respondUrl('https://app.loop.nl/', 'abc_DEF-123')).toBe('https://app.loop.nl/respond/abc_DEF-123');
    expect(respondUrl('http://localhost:5173', 'a/b')).toBe('http://localhost:5173/respond/a%2Fb');
  });
});

describe('checkPersonalLinksForm', () => {
  it('should accept 1 to 500 links with an optional trimmed label', () => {
    expect(checkPersonalLinksForm({ count: ' 25 ', label: ' Team Noord ' })).toEqual({
      ok: true,
      value: { count: 25, label: 'Team Noord' },
    });
    expect(checkPersonalLinksForm({ count: '500', label: '   ' })).toEqual({
      ok: true,
      value: { count: 500 },
    });
    expect(checkPersonalLinksForm({ count: '1', label: 'x'.repeat(100) }).ok).toBe(true);
  });

  it.each(['0', '501', '', 'tien', '2.5', '-3', '1e2', '00000001'])(
    'should refuse %j as a count',
    (count) => {
      expect(checkPersonalLinksForm({ count, label: '' })).toEqual({
        ok: false,
        message: null,
        fields: { count: PERSONAL_LINK_MESSAGES.count },
      });
    },
  );

  it('should refuse a label over 100 characters and say both problems at once', () => {
    expect(checkPersonalLinksForm({ count: '0', label: 'x'.repeat(101) })).toEqual({
      ok: false,
      message: null,
      fields: { count: PERSONAL_LINK_MESSAGES.count, label: PERSONAL_LINK_MESSAGES.label },
    });
  });
});

describe('csvCell', () => {
  it('should quote separators, quotes and line breaks', () => {
    expect(csvCell('gewoon')).toBe('gewoon');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('zei "hoi"')).toBe('"zei ""hoi"""');
    expect(csvCell('regel\nregel')).toBe('"regel\nregel"');
  });

  it('should neutralise what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+31')).toBe("'+31");
    expect(csvCell('@team')).toBe("'@team");
  });
});

describe('personalLinksCsv', () => {
  it('should write a header and a row per link with the label, for a Dutch Excel', () => {
    expect(personalLinksCsv(['https://a/respond/1', 'https://a/respond/2'], 'Team Zuid')).toBe(
      '\uFEFFPersoonlijke link;Label\r\nhttps://a/respond/1;Team Zuid\r\nhttps://a/respond/2;Team Zuid\r\n',
    );
  });

  it('should leave the label empty when there is none', () => {
    expect(personalLinksCsv(['https://a/respond/1'])).toBe(
      '\uFEFFPersoonlijke link;Label\r\nhttps://a/respond/1;\r\n',
    );
  });

  it('should name the file after the survey', () => {
    expect(personalLinksFilename(12)).toBe('persoonlijke-links-survey-12.csv');
  });
});
