/**
 * The parent object a field resolver reads: `@Root() project: Parent<ProjectType>`. type-graphql copies a parent
 * whose parameter is typed with its object type's class into a new instance of that class on every call (its
 * `convertToType`, driven by the emitted design type); a parameter typed through this alias is emitted as `Object`,
 * and the parent is passed as it is. A nested page resolves fields of some two thousand parents: the copies were
 * about 2% of the projects process's busy time under it (decisions: issue 29). The parent is the view a resolver
 * returned: only read.
 */
export type Parent<T> = Readonly<T>;
