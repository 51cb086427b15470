// The marketplace's root as the REST client takes it: the address the seller typed, without a
// trailing slash or the interface's /1.1 (the client adds its own paths).
export function marketplaceRoot(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/1\.1$/, '');
}
