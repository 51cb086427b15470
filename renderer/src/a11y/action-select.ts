// A <select> whose choice does something at once (add a field, make a draft from a template, put
// a canned answer in): with a mouse the choice is the act, but the keyboard changes a closed
// select's value with every arrow key, and each would act (WCAG 3.2.2, on input). Here a value
// reached with keys waits until Enter (or is dropped when the focus leaves); a choice made with
// the mouse, or with Enter in the opened list, acts at once. The select shows the waiting value.
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';

const ACTING_KEYS = new Set(['Enter']);

export function useActionSelect(onPick: (value: string) => void) {
  const [pending, setPending] = useState('');
  /** True between a key's keydown and keyup: a change then came from that key. */
  const byKey = useRef(false);
  return {
    value: pending,
    onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
      if (ACTING_KEYS.has(event.key) && pending !== '') {
        event.preventDefault();
        setPending('');
        onPick(pending);
        return;
      }
      byKey.current = true;
    },
    onKeyUp: () => {
      byKey.current = false;
    },
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const value = event.target.value;
      if (byKey.current) {
        setPending(value);
        return;
      }
      setPending('');
      if (value !== '') onPick(value);
    },
    onBlur: () => setPending(''),
  };
}
