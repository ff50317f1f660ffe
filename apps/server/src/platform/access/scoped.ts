/**
 * Scoped handles (issue 11 item 3, decision 0095). A `Scoped<Kind, T>` is a value the owning
 * module's access file (`modules/<area>/<area>.access.ts`) made after it checked, in SQL, that the
 * object lies in the principal's scope. Repository functions that read or write one object take
 * the handle instead of a raw id, so an id nobody checked cannot reach their SQL.
 *
 * The brand is a `unique symbol` that is never exported: no other code can write a value of the
 * type, only receive one. `issueScoped` is the one way to make it, and lint lets only
 * `*.access.ts` files import it (`eslint.config.js`, the server part of `boundaries`).
 */

declare const scopedBrand: unique symbol;

/** `T` (the ids and whatever the check loaded) that `Kind`'s access check let through. */
export type Scoped<Kind extends string, T extends object> = Readonly<T> & {
  readonly [scopedBrand]: Kind;
};

/**
 * Brands a value as checked. Call it only right after the scope check in SQL found the object
 * (the lint rule keeps it inside `*.access.ts`); the brand exists at compile time only.
 */
export function issueScoped<Kind extends string, T extends object>(
  _kind: Kind,
  value: T,
): Scoped<Kind, T> {
  return value as Scoped<Kind, T>;
}
