import { readFileSync } from 'node:fs';
import type { Survey, SurveyTemplate } from '@loop/core';
import { SURVEY_HTML_POLICY } from '@loop/core/html';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SurveyOrganization, sampleInput, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { createServerHtmlSanitizer, withSanitizedHtml } from './surveyHtml';

interface Vector {
  readonly title: string;
  readonly payload: string;
}

const vectors = JSON.parse(
  readFileSync(new URL('./testdata/dompurify-vectors.json', import.meta.url), 'utf8'),
) as Vector[];

const sanitizer = createServerHtmlSanitizer();
const clean = (html: string) => sanitizer.sanitize(html, SURVEY_HTML_POLICY);

// A separate window to read the output back, as a browser would parse it.
const reader = new JSDOM('<!doctype html><html><body></body></html>').window as unknown as {
  document: { createElement(name: 'template'): { innerHTML: string; content: ParentLike } };
};

interface ElementLike {
  readonly localName: string;
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
  getAttribute(name: string): string | null;
}
interface ParentLike {
  querySelectorAll(selector: string): ArrayLike<ElementLike>;
}

function parse(html: string): ElementLike[] {
  const template = reader.document.createElement('template');
  template.innerHTML = html;
  return Array.from(template.content.querySelectorAll('*'));
}

/** What a browser would make of an href: control characters and whitespace do not stop `javascript:`. */
const scheme = (href: string) =>
  [...href]
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .toLowerCase();

describe('createServerHtmlSanitizer', () => {
  it('should have the 223 vectors of DOMPurify’s suite to test with', () => {
    expect(vectors).toHaveLength(223);
  });

  it('should leave no script, event handler, javascript: URL or tag and attribute off the policy in any vector', () => {
    const tags = new Set(SURVEY_HTML_POLICY.allowedTags);
    const attributes = new Set(SURVEY_HTML_POLICY.allowedAttributes);
    for (const vector of vectors) {
      const out = clean(vector.payload);
      expect(out, vector.title).not.toMatch(/<script/i);
      for (const element of parse(out)) {
        expect(tags.has(element.localName), `${vector.title}: <${element.localName}>`).toBe(true);
        for (const attribute of Array.from(element.attributes)) {
          expect(attributes.has(attribute.name), `${vector.title}: ${attribute.name}`).toBe(true);
          expect(attribute.name.startsWith('on'), vector.title).toBe(false);
          expect(scheme(attribute.value).startsWith('javascript:'), vector.title).toBe(false);
        }
        if (element.localName === 'a') {
          expect(element.getAttribute('target'), vector.title).toBe('_blank');
          expect(element.getAttribute('rel'), vector.title).toBe('noopener noreferrer');
        }
      }
      // Stable: sanitising the output again changes nothing (no mutation on a second parse).
      expect(clean(out), vector.title).toBe(out);
    }
  });

  it('should keep the editor’s formatting and open links in a new tab', () => {
    const html =
      '<h2>Kop</h2><p>Een <strong>vet</strong>, <em>schuin</em>, <u>onder</u> en <s>door</s>.<br></p>' +
      '<ul><li>een</li></ul><ol><li>twee</li></ol><blockquote><p>citaat</p></blockquote>';
    expect(clean(html)).toBe(html);
    expect(clean('<a href="https://loop.test/x" target="_self" rel="opener">link</a>')).toBe(
      '<a href="https://loop.test/x" target="_blank" rel="noopener noreferrer">link</a>',
    );
  });

  it('should remove scripts, handlers, styles, images and javascript: links', () => {
    expect(
      clean('<p onclick="alert(1)" style="color:red" class="x">tekst</p><script>alert(1)</script>'),
    ).toBe('<p>tekst</p>');
    expect(clean('<img src=x onerror=alert(1)><h1>Groot</h1>')).toBe('Groot');
    expect(clean('<a href=" JaVaScRiPt:alert(1)">klik</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer">klik</a>',
    );
    // Escaped markup typed by a user stays text: entities are not decoded first.
    expect(clean('&lt;b&gt;geen vet&lt;/b&gt;')).toBe('&lt;b&gt;geen vet&lt;/b&gt;');
  });

  it('should sanitise both rich-text fields and leave the rest alone', () => {
    const input = {
      title: '<b>titel</b>',
      description_html: '<p>a<script>x</script></p>',
      introduction_html: '<i onmouseover="x">b</i>',
    };
    expect(withSanitizedHtml(input, sanitizer)).toEqual({
      title: '<b>titel</b>',
      description_html: '<p>a</p>',
      introduction_html: '<i>b</i>',
    });
  });
});

describe('survey and template routes', () => {
  let ctx: TestContext;
  let org: SurveyOrganization;
  const hostile = {
    description_html: '<p onclick="alert(1)">Omschrijving<script>alert(1)</script></p>',
    introduction_html: '<a href="javascript:alert(1)">Lees</a><img src=x onerror=alert(2)><p>Welkom</p>',
  };
  const clean = {
    description_html: '<p>Omschrijving</p>',
    introduction_html: '<a target="_blank" rel="noopener noreferrer">Lees</a><p>Welkom</p>',
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    org = await surveyOrganization(ctx, 'Schone HTML BV');
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const call = (method: 'POST' | 'PUT' | 'GET', path: string, payload?: unknown) =>
    api(ctx.app, method, path, {
      token: org.managerToken,
      headers: org.headers,
      ...(payload === undefined ? {} : { payload }),
    });

  it('should store a survey’s rich text only after sanitising, on create and on save', async () => {
    const created = await call('POST', '/surveys', sampleInput(hostile));
    expect(created.statusCode, created.body).toBe(201);
    const survey = created.json<Survey>();
    expect(survey).toMatchObject(clean);
    expect((await call('GET', `/surveys/${survey.id}`)).json<Survey>()).toMatchObject(clean);

    const saved = await call('PUT', `/surveys/${survey.id}`, {
      ...sampleInput({
        description_html: '<p>Nieuw<iframe src="https://evil.test"></iframe></p>',
        introduction_html: '<svg onload="alert(1)"></svg><p>Hallo</p>',
      }),
      version: survey.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Survey>()).toMatchObject({
      description_html: '<p>Nieuw</p>',
      introduction_html: '<p>Hallo</p>',
    });
  });

  it('should store a template’s rich text only after sanitising, on create and on save', async () => {
    const created = await call('POST', '/survey-templates', {
      ...sampleInput(hostile),
      name: 'Sjabloon',
      description: '',
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<SurveyTemplate>();
    expect(template).toMatchObject(clean);
    const saved = await call('PUT', `/survey-templates/${template.id}`, {
      ...sampleInput({ introduction_html: '<p style="x">Stijl<object data="x"></object></p>' }),
      name: 'Sjabloon',
      description: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SurveyTemplate>().introduction_html).toBe('<p>Stijl</p>');

    const fromTemplate = await call('POST', '/surveys', { template_id: template.id });
    expect(fromTemplate.json<Survey>().introduction_html).toBe('<p>Stijl</p>');
  });
});
