import { apiOk } from '../domain/api';

/**
 * A gateway of any port whose calls are recorded as [method, ...arguments]; each test gives the
 * answers it needs, and every other method answers `apiOk(undefined)`.
 */
export function recordingGateway<T extends object>(
  answers: Partial<Record<keyof T, (...args: never[]) => unknown>> = {},
): { gateway: T; calls: [string, ...unknown[]][] } {
  const calls: [string, ...unknown[]][] = [];
  const gateway = new Proxy({} as T, {
    get:
      (_, name: string) =>
      (...args: unknown[]) => {
        calls.push([name, ...args]);
        const answer = (answers as Record<string, (...a: unknown[]) => unknown>)[name];
        return answer ? answer(...args) : Promise.resolve(apiOk(undefined));
      },
  });
  return { gateway, calls };
}
