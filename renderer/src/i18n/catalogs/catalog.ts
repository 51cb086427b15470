// A language's catalog of one domain has exactly the keys of the English one: a key missing in
// Finnish (or one English lacks) fails the typecheck, and tests/renderer/i18n-catalogs.test.ts
// also checks that both sides are valid ICU messages with the same arguments.
export type Catalog<English extends Record<string, string>> = { readonly [K in keyof English]: string };
