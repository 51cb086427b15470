// The app's own date and time fields (issue 21, item 11). Chromium's native date and
// datetime-local inputs follow the browser's locale, not the app's: under Finnish screens they
// showed mm/dd/yyyy and AM/PM. These are plain text inputs in the language's format (Finnish
// 24.12.2026 and 14.30, English 24/12/2026 and 14:30; shared/format/date-input.ts), read when the
// seller leaves the field or presses Enter: a date that is no date is refused in words, with the
// format and an example, and nothing changes. Up and Down move a date by a day. Each input has
// its label and a description of its format; the error is tied to it by aria-describedby.
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useStore } from 'zustand';
import { addDays, formatDateInput, formatTimeInput, parseDateInput, parseTimeInput, type IsoDate } from '../../../shared/format/date-input.ts';
import { useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';

const EXAMPLE_DATE = '2026-12-24';
const EXAMPLE_TIME = '14:30';

interface DateFieldProps {
  value: IsoDate | null;
  onChange(value: IsoDate | null): void;
  /** The field's name for assistive technology (when no <label> wraps it). */
  label?: string;
  min?: IsoDate;
  max?: IsoDate;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function DateField({ value, onChange, label, min, max, id, inputRef }: DateFieldProps) {
  const t = useT();
  const locale = useStore(localeStore, (s) => s.locale);
  // The text being typed, or null while the field shows its value.
  const [typing, setTyping] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const own = useId();
  const hintId = `${own}-hint`;
  const errorId = `${own}-error`;
  const format = t('a11y.date.format');
  const example = formatDateInput(EXAMPLE_DATE, locale);

  const commit = (text: string) => {
    const parsed = parseDateInput(text);
    if (!parsed.ok) return setError(t('a11y.date.invalid', { format, example }));
    const next = parsed.value;
    if (next !== null && min && next < min) return setError(t('a11y.date.before', { min: formatDateInput(min, locale) }));
    if (next !== null && max && next > max) return setError(t('a11y.date.after', { max: formatDateInput(max, locale) }));
    setError(null);
    setTyping(null);
    if (next !== value) onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      commit(event.currentTarget.value);
      return;
    }
    if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && !event.altKey && !event.ctrlKey) {
      const parsed = parseDateInput(event.currentTarget.value);
      // From the date typed, or from today (this computer's calendar day).
      const today = new Date();
      const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      const from = parsed.ok && parsed.value ? parsed.value : todayIso;
      const next = addDays(from, event.key === 'ArrowUp' ? 1 : -1);
      event.preventDefault();
      if ((min && next < min) || (max && next > max)) return;
      setError(null);
      setTyping(null);
      onChange(next);
    }
  };
  return (
    <span className="date-field">
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="date-input"
        aria-label={label}
        placeholder={format}
        value={typing ?? formatDateInput(value, locale)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        onChange={(e) => setTyping(e.target.value)}
        onBlur={(e) => typing !== null && commit(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <span id={hintId} className="sr-only">{t('a11y.date.formatHint', { format, example })}</span>
      {error && <span id={errorId} className="field-error" role="alert">{error}</span>}
    </span>
  );
}

interface DateTimeFieldProps {
  /** `2026-11-25T14:30` (local wall-clock time), or null. */
  value: string | null;
  onChange(value: string | null): void;
  /** The field's name: each input is named after it ("List time: date"). */
  label: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The date input's id (a <label for> names the field by it). */
  id?: string;
}

/** A date and a time on a 24-hour clock, as two text inputs in the app's language. */
export function DateTimeField({ value, onChange, label, inputRef, id }: DateTimeFieldProps) {
  const t = useT();
  const locale = useStore(localeStore, (s) => s.locale);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const own = useId();
  const [valueDate = '', valueTime = ''] = value?.split('T') ?? [];
  const dateFormat = t('a11y.date.format');
  const timeFormat = t('a11y.time.format');
  const dateExample = formatDateInput(EXAMPLE_DATE, locale);
  const timeExample = formatTimeInput(EXAMPLE_TIME, locale);
  const shownDate = date ?? formatDateInput(valueDate, locale);
  const shownTime = time ?? formatTimeInput(valueTime, locale);

  /** Reads both inputs; the value changes only when both are given and real (or both are empty). */
  const commit = (dateText: string, timeText: string) => {
    const d = parseDateInput(dateText);
    const h = parseTimeInput(timeText);
    if (!d.ok) return setError(t('a11y.date.invalid', { format: dateFormat, example: dateExample }));
    if (!h.ok) return setError(t('a11y.time.invalid', { format: timeFormat, example: timeExample }));
    if (d.value === null && h.value === null) {
      setError(null);
      if (value !== null) onChange(null);
      return;
    }
    // One half given: wait for the other, saying so only once the seller has left both.
    if (d.value === null || h.value === null) {
      if (value !== null) onChange(null);
      return;
    }
    setError(null);
    setDate(null);
    setTime(null);
    const next = `${d.value}T${h.value}`;
    if (next !== value) onChange(next);
  };
  const describedBy = (hint: string) => (error ? `${own}-error ${hint}` : hint);
  // What both halves are: typed digits, nothing suggested, invalid together.
  const typed = { type: 'text', inputMode: 'numeric', autoComplete: 'off', 'aria-invalid': error ? true : undefined } as const;
  return (
    <span className="date-time-field" role="group" aria-label={label}>
      <input
        ref={inputRef}
        id={id}
        {...typed}
        className="date-input"
        aria-label={t('a11y.date.day', { label })}
        placeholder={dateFormat}
        value={shownDate}
        aria-describedby={describedBy(`${own}-date-hint`)}
        onChange={(e) => setDate(e.target.value)}
        onBlur={(e) => commit(e.target.value, shownTime)}
        onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget.value, shownTime)}
      />
      <input
        {...typed}
        className="time-input"
        aria-label={t('a11y.time.hour', { label })}
        placeholder={timeFormat}
        value={shownTime}
        aria-describedby={describedBy(`${own}-time-hint`)}
        onChange={(e) => setTime(e.target.value)}
        onBlur={(e) => {
          commit(shownDate, e.target.value);
          if (shownDate.trim() === '' && e.target.value.trim() !== '') setError(t('a11y.time.missing'));
        }}
        onKeyDown={(e) => e.key === 'Enter' && commit(shownDate, e.currentTarget.value)}
      />
      <span id={`${own}-date-hint`} className="sr-only">{t('a11y.date.formatHint', { format: dateFormat, example: dateExample })}</span>
      <span id={`${own}-time-hint`} className="sr-only">{t('a11y.time.formatHint', { format: timeFormat, example: timeExample })}</span>
      {error && <span id={`${own}-error`} className="field-error" role="alert">{error}</span>}
    </span>
  );
}
