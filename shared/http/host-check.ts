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

/**
 * What is wrong with a request's Host header lines (its raw headers, name and value in turn), or
 * null: none, an empty one, or more than one (Node keeps only the first of two). HTTP/1.1 asks for
 * exactly one (RFC 9112, 3.2); the same rule holds here for HTTP/1.0, so that no request is
 * answered with links to no host, or read by the first of two hosts it names.
 */
export function hostHeaderProblem(rawHeaders: readonly string[]): 'missing' | 'empty' | 'repeated' | null {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === 'host') values.push(rawHeaders[i + 1] ?? '');
  if (values.length === 0) return 'missing';
  if (values.length > 1) return 'repeated';
  return values[0]?.trim() === '' ? 'empty' : null;
}

/** The problem in words, for an error body. */
export const HOST_PROBLEM_WORDS = { missing: 'the request has no Host header', empty: 'the request\'s Host header is empty', repeated: 'the request has more than one Host header' } as const;
