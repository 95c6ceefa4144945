/**
 * An object whose values are made on first read, each once: `{ a: () => x }` reads as `{ a: x }`. Statements
 * prepared this way cost nothing until used (an index opened for one add prepares the few it runs).
 */
export function preparedOnUse<T extends Record<string, () => unknown>>(make: T): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const out = {} as { [K in keyof T]: ReturnType<T[K]> };
  for (const key of Object.keys(make) as (keyof T)[]) {
    Object.defineProperty(out, key, {
      configurable: true,
      enumerable: true,
      get() {
        const value = make[key]!() as ReturnType<T[typeof key]>;
        Object.defineProperty(out, key, { value, enumerable: true });
        return value;
      },
    });
  }
  return out;
}
