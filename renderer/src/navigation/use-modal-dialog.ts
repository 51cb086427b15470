// A <dialog> shown as a modal while its component is mounted (focus trapped, Esc cancels, the
// rest of the window inert), closed when it unmounts.
import { useEffect, useRef, type RefObject } from 'react';

export function useModalDialog(): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return ref;
}
