/**
 * Keeps DOMPurify fast in the production build. DOMPurify's ES build copies `arguments` in loops
 * (Babel's output for rest parameters) inside the wrappers it calls for every node and attribute
 * (`unapply`: `stringToLowerCase`, `regExpTest`, `arrayPush`…). Oxc's minifier (Vite 8) rewrites
 * such a loop to `[...arguments].slice(n)` (oxc-project/oxc#13114), which V8 runs about five
 * times slower: the report pipeline took 10 ms instead of 4 ms for a 20 kB report
 * (docs/benchmarks.md). This plugin turns each loop back into the rest parameter it came from,
 * which V8 runs as fast as the loop and the minifier leaves alone.
 */

/**
 * Babel's copy loop as the first statement of a function: `function name(a, b) { for (var _len =
 * arguments.length, args = new Array(_len > 2 ? _len - 2 : 0), _key = 2; _key < _len; _key++)
 * args[_key - 2] = arguments[_key];`. Groups: name, parameters, white space, length variable, array,
 * start index (absent for 0), key variable, key start, key offset.
 */
const COPY_LOOP =
  /function(\s+[\w$]+)?\s*\(([^()]*)\)\s*\{(\s*)for \(var (_len\d*) = arguments\.length, ([\w$]+) = new Array\(\4(?: > (\d+) \? \4 - \6 : 0)?\), (_key\d*) = (\d+); \7 < \4; \7\+\+\) \5\[\7(?: - (\d+))?\] = arguments\[\7\];/g;

/**
 * `code` with every Babel rest-parameter copy loop that opens a function turned back into a rest
 * parameter; a loop whose start does not match the function's parameter count, or that is not
 * the function's first statement, is left as it is.
 * @param {string} code
 * @returns {string}
 */
export function restoreRestParameters(code) {
  return code.replace(COPY_LOOP, (loop, name, params, _space, _len, args, start, _key, keyStart, offset) => {
    const declared = params.trim() === '' ? [] : params.split(',');
    const from = Number(start ?? '0');
    if (Number(keyStart) !== from || Number(offset ?? '0') !== from || declared.length !== from) return loop;
    const list = declared.length === 0 ? `...${args}` : `${params.trimEnd()}, ...${args}`;
    return `function${name ?? ''}(${list}) {`;
  });
}

/**
 * A Vite plugin applying `restoreRestParameters` to DOMPurify (the only hot path we found it in).
 * @param {RegExp} [include] the module ids to rewrite
 * @returns {import('vite').Plugin}
 */
export function restParameters(include = /[\\/]dompurify[\\/]dist[\\/][^\\/]+\.m?js$/) {
  return {
    name: 'loop-rest-parameters',
    transform(code, id) {
      if (!include.test(id) || !code.includes('arguments.length')) return null;
      const restored = restoreRestParameters(code);
      return restored === code ? null : { code: restored, map: null };
    },
  };
}
