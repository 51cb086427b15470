// The description as HTML with a preview. The preview is a sandboxed iframe (no allow-scripts,
// no same origin) fed through srcdoc: the seller's HTML never enters the app's own DOM, and the
// frame inherits the app's CSP, so it loads nothing from the network either.
import { useState } from 'react';
import { useFormatter, useT } from '../i18n/intl.ts';

interface Props {
  id: string;
  value: string;
  maxLength: number;
  invalid: boolean;
  onChange(value: string): void;
  /** While the draft saves (field-input.tsx). */
  readOnly?: boolean;
  /** The text with a template's placeholders filled from the draft's fields (null: it has none). */
  filled?: string | null;
}

export function DescriptionField({ id, value, maxLength, invalid, onChange, filled = null, readOnly = false }: Props) {
  // A description opens as buyers will read it, formatted (issue 42); an empty one opens where
  // it is written.
  const [tab, setTab] = useState<'html' | 'preview'>(() => (value.trim() === '' ? 'html' : 'preview'));
  const t = useT();
  const format = useFormatter();
  return (
    <div className="description-field">
      <div className="tabs" role="tablist" aria-label={t('editor.description.view')}>
        <button type="button" role="tab" aria-selected={tab === 'html'} onClick={() => setTab('html')}>{t('editor.description.html')}</button>
        <button type="button" role="tab" aria-selected={tab === 'preview'} onClick={() => setTab('preview')}>{t('editor.description.preview')}</button>
        <span className="counter">{format.number(value.length)} / {format.number(maxLength)}</span>
      </div>
      {tab === 'html' ? (
        <textarea id={id} rows={8} value={value} aria-invalid={invalid} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} spellCheck />
      ) : (
        <iframe className="description-preview" title={t('editor.description.frame')} sandbox="" srcDoc={filled ?? value} />
      )}
      {filled !== null && <p className="hint placeholder-note">{t('editor.description.placeholders')}</p>}
    </div>
  );
}
