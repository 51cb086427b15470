// One field of the editor: the input for its kind, its required mark, bounds and problems, all
// in the seller's language. Numbers are typed as the seller writes them (12,50 or 12.50) and
// shown with the language's decimal mark; the core reads them with parseDecimal.
import { DateTimeField } from '../a11y/date-time-fields.tsx';
import type { IpcProblem } from '../../../shared/ipc/contract.ts';
import { parseDecimal } from '../../../shared/format/parse-decimal.ts';
import type { ItemFieldName } from '../../../shared/items/item-fields.ts';
import { describeProblem } from '../i18n/describe-error.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import type { MessageId } from '../i18n/messages.ts';
import { fieldLabelId } from '../i18n/translate.ts';
import { CategoryPicker } from './category-picker.tsx';
import { fillListingText, hasPlaceholders, type ListingFields } from '../../../shared/items/listing-words.ts';
import { DescriptionField } from './description-field.tsx';
import type { Category } from './editor-store.ts';
import { fromLocalInput, toLocalInput, type EditorField, type FieldPresentation } from './field-specs.ts';

type Value = string | number | string[] | null;

interface Props {
  spec: EditorField;
  look: FieldPresentation;
  value: Value | undefined;
  problems: IpcProblem[];
  categories: Category[];
  onChange(value: Value): void;
  /** The draft's values, for the description's preview of a template's placeholders. */
  values?: Readonly<Record<string, Value | undefined>>;
  /** Issue 38: not known yet (the item is shown from the marketplace's list): said so, never an empty input. */
  unread?: boolean;
  /** While the draft saves: typing is refused, and the focus stays where it is (a disabled control would drop it to the page). */
  readOnly?: boolean;
}

/**
 * A description holding a template's placeholders as it will go out: filled from the draft's
 * fields as they are now, in the listing's language (the core fills them the same way at publish).
 */
function filledPreview(text: string, values: Readonly<Record<string, Value | undefined>>, categories: readonly Category[]): string | null {
  if (!hasPlaceholders(text)) return null;
  const of = <T,>(v: unknown, kind: 'string' | 'number') => (typeof v === kind ? (v as T) : null);
  const fields: ListingFields = {
    title: of<string>(values.title, 'string'), sku: of<string>(values.sku, 'string'), condition: of<string>(values.condition, 'string'),
    saleMethod: of<string>(values.saleMethod, 'string'), buyNowPrice: of<number>(values.buyNowPrice, 'number'), startingPrice: of<number>(values.startingPrice, 'number'),
    categoryId: of<number>(values.categoryId, 'number'), quantity: of<number>(values.quantity, 'number'), deliveryPrice: of<number>(values.deliveryPrice, 'number'),
  };
  return fillListingText(text, fields, (id) => categories.find((c) => c.id === id)?.title);
}

/**
 * A validation problem in words. The one place the editor words the core's problems: required
 * and not allowed briefly (the field's label is beside them), any other by the error describer.
 */
export function useProblemText(): (problem: IpcProblem) => string {
  const t = useT();
  const say = useMessage();
  return (p) => {
    if (p.code === 'required' && p.field !== 'images') return t('editor.problem.required');
    if (p.code === 'not-allowed') return t('editor.problem.notAllowed');
    return say(describeProblem(p));
  };
}

/**
 * A number as the input shows it: the language's decimal mark, no grouping (so it reads back as
 * typed), a price with its two decimals (12,50 €, not 12,5).
 */
function numberText(value: number, decimalMark: string, money: boolean): string {
  return (money ? value.toFixed(2) : String(value)).replace('.', decimalMark);
}

export function FieldInput({ spec, look, value, problems, categories, onChange, values, unread = false, readOnly = false }: Props) {
  const t = useT();
  const format = useFormatter();
  const problemText = useProblemText();
  const id = `field-${spec.field}`;
  const field = spec.field as ItemFieldName;
  const shown = problems.filter((p) => p.code !== 'required' || look.required);
  const invalid = problems.some((p) => p.code !== 'required');
  const decimalMark = format.locale === 'fi' ? ',' : '.';
  const money = spec.step === '0.01';
  const text = value === null || value === undefined ? '' : typeof value === 'number' ? numberText(value, decimalMark, money) : String(value);
  const describedBy = shown.length > 0 ? `${id}-problems` : undefined;
  const common = { id, 'aria-invalid': invalid, 'aria-required': look.required, 'aria-describedby': describedBy };
  /** What a text input adds to `common` (a select or a checkbox has no read-only state: the store refuses their changes while busy). */
  const typed = { ...common, readOnly };

  let input: React.ReactNode;
  if (unread) input = <output id={id} className="field-unread">{t('editor.unread.value')}</output>;
  else switch (spec.kind) {
    case 'text':
      input = <input {...typed} type="text" value={text} maxLength={spec.maxLength} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)} />;
      break;
    case 'textarea':
      input = <textarea {...typed} rows={3} value={text} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)} />;
      break;
    case 'html':
      input = <DescriptionField id={id} value={text} maxLength={spec.maxLength ?? 100_000} invalid={invalid} readOnly={readOnly} onChange={(v) => onChange(v === '' ? null : v)} filled={filledPreview(text, values ?? {}, categories)} />;
      break;
    case 'number': case 'int':
      // Text, not type=number: what the seller typed stays visible and the core says what is wrong.
      input = (
        <input
          {...typed}
          type="text"
          inputMode={spec.kind === 'int' ? 'numeric' : 'decimal'}
          value={text}
          onChange={(e) => {
            // A number only when it reads back the same: "12," or "0,50" stay as typed (the
            // core parses numeric text with parseDecimal), so the caret never jumps while typing.
            const raw = e.target.value;
            const number = parseDecimal(raw);
            onChange(raw.trim() === '' ? null : number !== null && numberText(number, decimalMark, money) === raw.trim() ? number : raw);
          }}
        />
      );
      break;
    case 'enum':
      input = (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}>
          <option value="">{t('editor.choose')}</option>
          {spec.options?.map((o) => <option key={o} value={o}>{t(`option.${spec.field}.${o}` as MessageId)}</option>)}
        </select>
      );
      break;
    case 'list': {
      const list = Array.isArray(value) ? value : [];
      input = (
        <span className="choices" role="group" aria-labelledby={`${id}-label`}>
          {spec.options?.map((o) => (
            <label key={o} className="choice">
              <input
                type="checkbox"
                checked={list.includes(o)}
                onChange={(e) => {
                  const next = e.target.checked ? [...list, o] : list.filter((x) => x !== o);
                  onChange(next.length === 0 ? null : spec.options?.filter((x) => next.includes(x)) ?? next);
                }}
              />
              {t(`option.${spec.field}.${o}` as MessageId)}
            </label>
          ))}
        </span>
      );
      break;
    }
    case 'flag':
      input = <input {...common} type="checkbox" checked={value === 1 || (value == null && spec.field === 'offersAllowed')} onChange={(e) => onChange(e.target.checked ? 1 : 0)} />;
      break;
    case 'time':
      // The app's own date and time inputs, in its language (issue 21): not datetime-local.
      input = <DateTimeField id={id} label={t(fieldLabelId(field))} value={toLocalInput(value) || null} onChange={(v) => onChange(v === null ? null : fromLocalInput(v))} />;
      break;
    case 'category':
      input = <CategoryPicker categories={categories} value={typeof value === 'number' ? value : null} required={look.required} onChange={onChange} />;
      break;
  }

  const bounds = look.min !== undefined && look.max !== undefined && (spec.kind === 'int' || spec.kind === 'number') ? `${format.number(look.min)}–${format.number(look.max)}` : null;
  const hint = spec.hint !== undefined ? t(`field.${spec.field}.hint` as MessageId) : null;
  return (
    <div className={`field field-${spec.kind}${invalid ? ' field-bad' : ''}`} data-field={spec.field}>
      <label id={`${id}-label`} htmlFor={spec.kind === 'list' || spec.kind === 'category' ? undefined : id}>
        {t(fieldLabelId(field))}
        {look.required && <span className="required" title={t('editor.required')}> *</span>}
      </label>
      {input}
      {(bounds || hint || (spec.maxLength && spec.kind === 'text')) && (
        <span className="field-hint">
          {[bounds, hint, spec.maxLength && spec.kind === 'text' ? `${text.length}/${spec.maxLength}` : null].filter(Boolean).join(' · ')}
        </span>
      )}
      {shown.length > 0 && (
        <ul id={`${id}-problems`} className="field-problems">
          {shown.map((p) => <li key={p.code} className={`problem-${p.code}`}>{problemText(p)}</li>)}
        </ul>
      )}
    </div>
  );
}
