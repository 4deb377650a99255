import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { restoreRestParameters, restParameters } from './restParameters.mjs';

const require = createRequire(join(import.meta.dirname, '../packages/adapters/package.json'));
const DOMPURIFY_ES = require.resolve('dompurify').replace(/purify\.cjs\.js$/, 'purify.es.mjs');

describe('restoreRestParameters', () => {
  it("should turn Babel's copy loops back into rest parameters", () => {
    const code = [
      'function unapply(func) {',
      '\treturn function(thisArg) {',
      '\t\tfor (var _len3 = arguments.length, args = new Array(_len3 > 1 ? _len3 - 1 : 0), _key3 = 1; _key3 < _len3; _key3++) args[_key3 - 1] = arguments[_key3];',
      '\t\treturn apply(func, thisArg, args);',
      '\t};',
      '}',
      'function unconstruct(Func) {',
      '\treturn function() {',
      '\t\tfor (var _len4 = arguments.length, args = new Array(_len4), _key4 = 0; _key4 < _len4; _key4++) args[_key4] = arguments[_key4];',
      '\t\treturn construct(Func, args);',
      '\t};',
      '}',
      'const f = function apply(func, thisArg) {',
      '\tfor (var _len = arguments.length, args = new Array(_len > 2 ? _len - 2 : 0), _key = 2; _key < _len; _key++) args[_key - 2] = arguments[_key];',
      '\treturn func.apply(thisArg, args);',
      '};',
    ].join('\n');
    const restored = restoreRestParameters(code);
    expect(restored).not.toContain('arguments');
    expect(restored).toContain('return function(thisArg, ...args) {\n\t\treturn apply(func, thisArg, args);');
    expect(restored).toContain('return function(...args) {\n\t\treturn construct(Func, args);');
    expect(restored).toContain(
      'function apply(func, thisArg, ...args) {\n\treturn func.apply(thisArg, args);',
    );
  });

  it('should leave a loop alone whose start does not match the parameters', () => {
    const code =
      'function odd(a) {\n\tfor (var _len = arguments.length, args = new Array(_len > 2 ? _len - 2 : 0), _key = 2; _key < _len; _key++) args[_key - 2] = arguments[_key];\n}';
    expect(restoreRestParameters(code)).toBe(code);
  });

  it("should leave DOMPurify's ES build without copy loops and still sanitising", async () => {
    const source = readFileSync(DOMPURIFY_ES, 'utf8');
    const loops = (code: string) => code.match(/= arguments\[_key\d*\]/g)?.length ?? 0;
    expect(loops(source)).toBe(5);
    const restored = restoreRestParameters(source);
    // The wrappers called for every node (unapply, unconstruct) and the apply/construct fallbacks;
    // the one left is inside an `if` of a rarely used name check.
    expect(loops(restored)).toBe(1);
    expect(restored).toContain('return function(thisArg, ...args) {');
    const module = (await import(
      `data:text/javascript;base64,${Buffer.from(restored).toString('base64')}`
    )) as {
      default: (window: unknown) => { sanitize(html: string): string };
    };
    const { window } = new JSDOM('<!doctype html><body></body>');
    const purify = module.default(window);
    expect(
      purify.sanitize('<p onclick="x()">a<script>alert(1)</script><img src=x onerror=alert(2)></p>'),
    ).toBe('<p>a<img src="x"></p>');
  });

  it('should rewrite only the modules it is given as a Vite plugin', () => {
    const plugin = restParameters();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const loop =
      'function f(a) {\n\tfor (var _len = arguments.length, args = new Array(_len > 1 ? _len - 1 : 0), _key = 1; _key < _len; _key++) args[_key - 1] = arguments[_key];\n}';
    expect(transform(loop, '/x/node_modules/dompurify/dist/purify.es.mjs')?.code).toBe(
      'function f(a, ...args) {\n}',
    );
    expect(transform(loop, '/x/node_modules/other/index.js')).toBeNull();
  });
});
