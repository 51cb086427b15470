// The one Host check of every loopback server here (web mode's bridge, the embedded sandbox
// marketplace) and of the service behind --public-url: a request is answered only when its Host
// header names exactly the host and port the server is meant to be reached at. Against DNS
// rebinding, a page of a foreign site that resolves its own name to 127.0.0.1 sends that name as
// Host, so it is refused before it can read a response (issue 9, finding 6).

/** `host:port` of a URL, as a Host header names it (default ports left out, lower case). */
export function hostOf(url: string): string {
  return new URL(url).host.toLowerCase();
}

/** Whether a Host header names exactly `expected` (`host:port`); a missing header never does. */
export function isExpectedHost(header: string | string[] | undefined, expected: string): boolean {
  if (typeof header !== 'string' || expected === '') return false;
  return header.toLowerCase() === expected.toLowerCase();
}
