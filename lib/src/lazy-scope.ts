/** One builder per part of a scope; each reads the other parts it is made from through the scope it is given. */
export type Builders<Scope> = { [Key in keyof Scope]: (scope: Scope) => Scope[Key] };

/**
 * A per-request scope whose parts are built on their first read and then kept: a service nobody calls in a
 * request is never built, and one that several services use is built once. A part whose building reads itself
 * again is a wiring mistake, refused with its name rather than left to overflow the stack.
 */
export function lazyScope<Scope extends object>(builders: Builders<Scope>): Scope {
  const scope = {} as Scope;
  for (const key of Object.keys(builders) as (keyof Scope & string)[]) {
    let building = false;
    Object.defineProperty(scope, key, {
      configurable: true,
      enumerable: true,
      get: () => {
        if (building) throw new Error(`wiring cycle: ${key} is built from itself`);
        building = true;
        let value: Scope[typeof key];
        try {
          value = builders[key](scope);
        } finally {
          building = false;
        }
        Object.defineProperty(scope, key, { value, enumerable: true });
        return value;
      },
    });
  }
  return scope;
}
