// A value a client sent, as an answer repeats it (an unknown method's name, a path not found):
// at most `max` characters, and said how long it was when cut. An error never carries back
// megabytes the client sent (issue 37: a 79 MB method name came back whole).
export function echoed(value: string, max = 100): string {
  return value.length <= max ? value : `${value.slice(0, max)}… (${value.length} characters)`;
}
