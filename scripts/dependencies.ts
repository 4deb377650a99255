/**
 * The dependency manifests as a pure function (docs/decisions/core-graph.md, R-ARCH-6): every
 * dependency a package.json declares is imported by that package's files (sources, tests, config
 * files; for the root: scripts, bench and e2e), named in its `scripts`, or in a short list of tools
 * and peers with a reason; and every bare import of those files names a declared dependency.
 * `dependencies.test.ts` feeds it the real packages.
 */
import {
  findImports,
  isBare,
  isNodeBuiltin,
  isTestFile,
  lineAt,
  packageName,
  type SourceFile,
  type Violation,
} from './sources';

export interface PackageManifest {
  readonly name?: string;
  readonly scripts?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

export interface PackageUnderCheck {
  /** The manifest's repository-relative path: `package.json`, `packages/core/package.json`. */
  readonly manifestPath: string;
  readonly manifest: PackageManifest;
  /** The package's TypeScript and JavaScript files (sources, tests, config files, scripts). */
  readonly files: readonly SourceFile[];
  /** The `compilerOptions.types` of its tsconfig files (`node` keeps `@types/node` in use). */
  readonly tsconfigTypes: readonly string[];
}

/** A declared dependency no file imports, kept on purpose. */
export interface ToolAllowance {
  /** The package whose manifest declares it (`loop` for the root, `@loop/web`). */
  readonly pkg: string;
  readonly dependency: string;
  readonly why: string;
}

/**
 * A package the root declares once for every package's tests (the test runner): a test file of
 * any package may import it without declaring it.
 */
export interface WorkspaceTool {
  readonly dependency: string;
  readonly why: string;
}

/** `/// <reference types="vite/client" />` names a package as much as an import does. */
const REFERENCE_TYPES = /^\s*\/\/\/\s*<reference\s+types\s*=\s*["']([^"']+)["']/gm;

/** The npm package an `@types/…` package types: `@types/node` → node, `@types/a__b` → @a/b. */
export function typedPackage(types: string): string | null {
  if (!types.startsWith('@types/')) return null;
  const name = types.slice('@types/'.length);
  return name.includes('__') ? `@${name.replace('__', '/')}` : name;
}

/** Every bare package a file names: imports, re-exports, dynamic imports, requires and type references. */
export function packagesNamedBy(file: SourceFile): Array<{ readonly name: string; readonly line: number }> {
  const named: Array<{ name: string; line: number }> = [];
  for (const { specifier, line } of findImports(file.text)) {
    if (isBare(specifier) && !isNodeBuiltin(specifier)) named.push({ name: packageName(specifier), line });
  }
  for (const match of file.text.matchAll(REFERENCE_TYPES)) {
    named.push({ name: packageName(match[1] ?? ''), line: lineAt(file.text, match.index ?? 0) });
  }
  return named;
}

/** The unused declared dependencies and the undeclared imports of one package. */
export function checkDependencies(
  pkg: PackageUnderCheck,
  allowances: readonly ToolAllowance[],
  workspaceTools: readonly WorkspaceTool[] = [],
): Violation[] {
  const { manifest, manifestPath } = pkg;
  const self = manifest.name ?? '';
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.devDependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  const violations: Violation[] = [];
  const used = new Set<string>();
  for (const file of pkg.files) {
    for (const { name, line } of packagesNamedBy(file)) {
      used.add(name);
      if (isTestFile(file.path) && workspaceTools.some((tool) => tool.dependency === name)) continue;
      if (
        name === self ||
        declared.has(name) ||
        declared.has(`@types/${name.replace(/^@/, '').replace('/', '__')}`)
      ) {
        continue;
      }
      violations.push({
        file: file.path,
        line,
        rule: 'undeclared-dependency',
        message: `'${name}' is imported but not declared in ${manifestPath}`,
      });
    }
  }
  const scripts = Object.values(manifest.scripts ?? {}).join('\n');
  const inScripts = (name: string) =>
    new RegExp(`(^|[\\s/])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`, 'm').test(scripts);
  for (const dependency of declared) {
    const typed = typedPackage(dependency);
    const inUse =
      typed === null
        ? used.has(dependency) || inScripts(dependency)
        : used.has(typed) || pkg.tsconfigTypes.includes(typed);
    const allowed = allowances.some(
      (allowance) => allowance.pkg === (self || 'loop') && allowance.dependency === dependency,
    );
    if (inUse || allowed) continue;
    violations.push({
      file: manifestPath,
      line: 1,
      rule: 'unused-dependency',
      message: `'${dependency}' is declared but no file of ${self || 'the root'} imports it; remove it or list it among the tools with a reason`,
    });
  }
  return violations;
}

/**
 * Declared dependencies no file imports, each kept for a reason (R-ARCH-6). Short on purpose: a
 * tool run from a `scripts` entry by its own package name (tsx, vite, vitest, drizzle-kit) needs
 * no line here.
 */
export const TOOL_ALLOWANCES: readonly ToolAllowance[] = [
  { pkg: 'loop', dependency: 'typescript', why: '`tsc -b` (the typecheck script) is its binary' },
  { pkg: 'loop', dependency: '@biomejs/biome', why: '`biome ci` (the lint script) is its binary' },
  {
    pkg: '@loop/web',
    dependency: 'reflect-metadata',
    why: "a peer of inversify's @inversifyjs/container; the app imports no decorators' metadata",
  },
  {
    pkg: '@loop/web',
    dependency: '@tiptap/pm',
    why: 'a peer of @tiptap/react and @tiptap/extension-link (ProseMirror)',
  },
];

/** Declared once at the root for every package's tests. */
export const WORKSPACE_TOOLS: readonly WorkspaceTool[] = [
  {
    dependency: 'vitest',
    why: "the one test runner: the root's vitest.config.ts runs every package's tests",
  },
];
