// The app's own time-of-day field (issue 42): a plain text input in the language's format, as the
// time half of DateTimeField (Finnish 23.00, English 23:00; shared/format/date-input.ts reads
// `23.00`, `23:00`, `2300` and `23` in either), read when the seller leaves the field or presses
// Enter. A time it cannot read is refused in words and the field stays invalid
// (setCustomValidity), so its form is not sent with the old value; nothing changes. With
// `wholeHours` (the relisting hour) a time with minutes is refused the same way.
import { useId, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { useStore } from 'zustand';
import { formatTimeInput, parseTimeInput } from '../../../shared/format/date-input.ts';
import { useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';

const EXAMPLE = '22:00';
const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes after midnight as the field shows them: `23.00` in Finnish, `23:00` in English. */
export function clockText(minutes: number | null, locale: 'fi' | 'en'): string {
  return minutes === null ? '' : formatTimeInput(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`, locale);
}

interface TimeFieldProps {
  /** Minutes after midnight, or null for none. */
  value: number | null;
  onChange(value: number | null): void;
  id?: string;
  /** The field's name for assistive technology when no <label> wraps it. */
  label?: string;
  /** Only whole hours: `9.30` is refused. */
  wholeHours?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function TimeField({ value, onChange, id, label, wholeHours = false, inputRef }: TimeFieldProps) {
  const t = useT();
  const locale = useStore(localeStore, (s) => s.locale);
  // The text being typed, or null while the field shows its value.
  const [typing, setTyping] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const own = useId();
  const format = t('a11y.time.format');
  const example = formatTimeInput(EXAMPLE, locale);

  const read = (text: string): { minutes: number | null; problem: string | null } => {
    const parsed = parseTimeInput(text);
    const minutes = parsed.ok && parsed.value !== null ? Number(parsed.value.slice(0, 2)) * 60 + Number(parsed.value.slice(3)) : null;
    const problem = !parsed.ok ? t('a11y.time.invalid', { format, example })
      : wholeHours && minutes !== null && minutes % 60 !== 0 ? t('a11y.time.wholeHour', { example: formatTimeInput('09:00', locale) })
        : null;
    return { minutes, problem };
  };
  const commit = (input: HTMLInputElement) => {
    const { minutes, problem } = read(input.value);
    // Set at once, not after a render: the click or Enter that follows may send the form now.
    input.setCustomValidity(problem ?? '');
    setError(problem);
    if (problem) return;
    setTyping(null);
    if (minutes !== value) onChange(minutes);
  };
  // A refused time is cleared as soon as what is typed reads: the words go while typing, not
  // under the pointer on its way to the form's button.
  const type = (input: HTMLInputElement) => {
    setTyping(input.value);
    if (error !== null && read(input.value).problem === null) {
      input.setCustomValidity('');
      setError(null);
    }
  };
  return (
    <span className="time-field">
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="time-input"
        aria-label={label}
        placeholder={format}
        value={typing ?? clockText(value, locale)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${own}-error ${own}-hint` : `${own}-hint`}
        onChange={(e) => type(e.target)}
        onBlur={(e: FocusEvent<HTMLInputElement>) => typing !== null && commit(e.currentTarget)}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => e.key === 'Enter' && commit(e.currentTarget)}
      />
      <span id={`${own}-hint`} className="sr-only">{t('a11y.time.formatHint', { format, example })}</span>
      {error && <span id={`${own}-error`} className="field-error" role="alert">{error}</span>}
    </span>
  );
}
