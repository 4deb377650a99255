// The Node version gate of `npm start` and `npm test`. Plain JavaScript that parses on any Node still
// in use, so an old Node stops here with one line instead of a stack trace from deep inside a tool.

/** @param {string} version e.g. '24.21.0' or 'v24.21.0' @returns {number[]} */
function parts(version) {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** @param {number[]} a @param {number[]} b @returns {number} */
function compare(a, b) {
  for (let i = 0; i < 3; i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Whether `version` satisfies an `engines.node` range made of `^x.y.z` and `>=x.y.z` clauses joined
 * by `||` (the only forms package.json uses). Any other clause is an error, so the gate cannot pass
 * silently after someone writes a range it does not understand.
 * @param {string} version @param {string} range @returns {boolean}
 */
export function satisfiesRange(version, range) {
  const have = parts(version);
  return range.split('||').some((raw) => {
    const clause = raw.trim();
    const caret = /^\^(\d+\.\d+\.\d+)$/.exec(clause);
    if (caret) {
      const want = parts(caret[1] ?? '');
      return have[0] === want[0] && compare(have, want) >= 0;
    }
    const atLeast = /^>=\s*(\d+\.\d+\.\d+)$/.exec(clause);
    if (atLeast) return compare(have, parts(atLeast[1] ?? '')) >= 0;
    throw new Error(`Unsupported engines.node clause: ${clause}`);
  });
}

/**
 * The one-line refusal for an unsupported Node, or null when this Node will do.
 * @param {string} version @param {string} range @returns {string | null}
 */
export function nodeVersionProblem(version, range) {
  if (satisfiesRange(version, range)) return null;
  return (
    `Loop needs Node ${range} (Node 24 LTS recommended); this is Node ${version.replace(/^v?/, 'v')}. ` +
    'Install Node 24, or see "Node 24 on an older machine" in README.md.'
  );
}
