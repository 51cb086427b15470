// A button that waits for work it started without losing the keyboard's place. A focused button
// that becomes `disabled` drops the focus to the page (Chromium's focus fixup): a keyboard user
// who pressed Save would be nowhere until the work ends. While `busy` the button stays focusable,
// says so (aria-disabled, styled as disabled) and ignores presses; `disabled` stays for what is
// not possible at all (nothing to save, a problem to fix first).
import type { ButtonHTMLAttributes } from 'react';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean };

export function BusyButton({ busy, disabled, onClick, ...rest }: Props) {
  return (
    <button
      {...rest}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        // A submit button's press while busy must not submit its form either.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
