// The REST contract of the marketplace, /1.1: one source of truth for the server's validation,
// its responses, the client's parsing and every TypeScript type.
export * from './common.ts';
export * from './enums.ts';
export * from './auth.ts';
export * from './categories.ts';
export * from './images.ts';
export * from './items.ts';
export * from './users.ts';
export * from './search.ts';
export * from './trading.ts';
export * from './activity.ts';
