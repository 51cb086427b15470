// One field of the editor: the input for its kind, its required mark, bounds and problems.
import type { IpcProblem } from '../../../shared/ipc.ts';
import { CategoryPicker } from './category-picker.tsx';
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
}

export function FieldInput({ spec, look, value, problems, categories, onChange }: Props) {
  const id = `field-${spec.field}`;
  const shown = problems.filter((p) => p.code !== 'required' || look.required);
  const invalid = problems.some((p) => p.code !== 'required');
  const text = value === null || value === undefined ? '' : String(value);
  const describedBy = shown.length > 0 ? `${id}-problems` : undefined;
  const common = { id, 'aria-invalid': invalid, 'aria-required': look.required, 'aria-describedby': describedBy };

  let input: React.ReactNode;
  switch (spec.kind) {
    case 'text':
      input = <input {...common} type="text" value={text} maxLength={spec.maxLength} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)} />;
      break;
    case 'textarea':
      input = <textarea {...common} rows={3} value={text} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)} />;
      break;
    case 'html':
      input = <DescriptionField id={id} value={text} maxLength={spec.maxLength ?? 100_000} invalid={invalid} onChange={(v) => onChange(v === '' ? null : v)} />;
      break;
    case 'number': case 'int':
      // Text, not type=number: what the seller typed stays visible and the core says what is wrong.
      input = (
        <input
          {...common}
          type="text"
          inputMode={spec.kind === 'int' ? 'numeric' : 'decimal'}
          value={text}
          onChange={(e) => {
            // A number only when it reads back the same: "12." or "0.50" stay as typed (the
            // core parses numeric text), so the caret never jumps while typing decimals.
            const raw = e.target.value.replace(',', '.');
            onChange(raw.trim() === '' ? null : String(Number(raw)) === raw ? Number(raw) : raw);
          }}
        />
      );
      break;
    case 'enum':
      input = (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}>
          <option value="">—</option>
          {spec.options?.map((o) => <option key={o} value={o}>{o}</option>)}
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
              {o}
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
      input = <input {...common} type="datetime-local" step={60} value={toLocalInput(value)} onChange={(e) => onChange(fromLocalInput(e.target.value))} />;
      break;
    case 'category':
      input = <CategoryPicker categories={categories} value={typeof value === 'number' ? value : null} required={look.required} onChange={onChange} />;
      break;
  }

  const bounds = look.min !== undefined && look.max !== undefined && (spec.kind === 'int' || spec.kind === 'number') ? `${look.min}–${look.max.toLocaleString()}` : null;
  return (
    <div className={`field field-${spec.kind}${invalid ? ' field-bad' : ''}`} data-field={spec.field}>
      <label id={`${id}-label`} htmlFor={spec.kind === 'list' || spec.kind === 'category' ? undefined : id}>
        {spec.label}
        {look.required && <span className="required" title="Required to publish"> *</span>}
      </label>
      {input}
      {(bounds || spec.hint || (spec.maxLength && spec.kind === 'text')) && (
        <span className="field-hint">
          {[bounds, spec.hint, spec.maxLength && spec.kind === 'text' ? `${text.length}/${spec.maxLength}` : null].filter(Boolean).join(' · ')}
        </span>
      )}
      {shown.length > 0 && (
        <ul id={`${id}-problems`} className="field-problems">
          {shown.map((p) => <li key={p.code} className={`problem-${p.code}`}>{p.message}</li>)}
        </ul>
      )}
    </div>
  );
}
