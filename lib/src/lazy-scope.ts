/** One builder per part of a scope; each reads the other parts it is made from through the scope it is given. */
export type Builders<Scope> = { [Key in keyof Scope]: (scope: Scope) => Scope[Key] };

const buildersOf = Symbol('builders');
const buildingOf = Symbol('building');

interface Held {
  [buildersOf]: Record<string, (scope: unknown) => unknown>;
  [buildingOf]?: Set<string>;
}

/** One prototype per set of part names: its getters are shared by every scope of that set (3 in the product). */
const prototypes = new Map<string, object>();

function prototypeFor(keys: string[]): object {
  const id = keys.join('\n');
  const known = prototypes.get(id);
  if (known) return known;
  const prototype = {};
  for (const key of keys) {
    Object.defineProperty(prototype, key, {
      configurable: true,
      enumerable: true,
      get(this: Held) {
        const building = (this[buildingOf] ??= new Set());
        if (building.has(key)) throw new Error(`wiring cycle: ${key} is built from itself`);
        building.add(key);
        let value: unknown;
        try {
          value = this[buildersOf][key]!(this);
        } finally {
          building.delete(key);
        }
        Object.defineProperty(this, key, { value, enumerable: true });
        return value;
      },
    });
  }
  prototypes.set(id, prototype);
  return prototype;
}

/**
 * A per-request scope whose parts are built on their first read and then kept: a service nobody calls in a
 * request is never built, and one that several services use is built once. A part whose building reads itself
 * again is a wiring mistake, refused with its name rather than left to overflow the stack. The getters live on a
 * prototype shared by every scope with the same parts, not on each scope: a scope is kept as long as its request,
 * and a subscription is a request that lasts (decisions: Live inboxes).
 */
export function lazyScope<Scope extends object>(builders: Builders<Scope>): Scope {
  const scope = Object.create(prototypeFor(Object.keys(builders))) as Held;
  scope[buildersOf] = builders as Held[typeof buildersOf];
  return scope as unknown as Scope;
}
