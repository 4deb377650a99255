/**
 * The composition root's two ways of binding a token (container.ts uses them); with tokens.ts and
 * container.ts the only files that know inversify.
 */
import type { Bind, MapToResolvedValueInjectOptions } from 'inversify';
import type { Token } from './tokens';

/** Binds `token` to one instance that `make` builds from the services `deps` names, handed over by name. */
export function composed<T, D extends Record<string, unknown>>(
  bind: Bind,
  token: Token<T>,
  make: (deps: D) => T,
  deps: { readonly [K in keyof D]: Token<D[K]> },
): void {
  const names = Object.keys(deps);
  bind(token)
    .toResolvedValue(
      (...values: unknown[]) => make(Object.fromEntries(names.map((name, i) => [name, values[i]])) as D),
      names.map((name) => deps[name] as Token<unknown>),
    )
    .inSingletonScope();
}

/**
 * Binds tokens to what a module loaded on demand makes of the services `deps` name: each token
 * resolves asynchronously (components read it with `useAsyncInjection`) to one instance.
 */
export function onDemand<M>(bind: Bind, load: () => Promise<M>) {
  return <T, TArgs extends unknown[]>(
    token: Token<T>,
    make: (module: M, ...args: TArgs) => T | Promise<T>,
    deps: MapToResolvedValueInjectOptions<TArgs>,
  ): void => {
    bind(token)
      .toResolvedValue(async (...args: TArgs) => make(await load(), ...args), deps)
      .inSingletonScope();
  };
}
