// One template being edited: its name, the fields it sets (each with the editor's own input, the
// category with the 3-level picker), the description with its placeholders, flagged live when
// one is unknown. Ctrl+S or Save stores it; the core refuses anything the drafts would refuse.
import { useState } from 'react';
import { useStore } from 'zustand';
import { useActionSelect } from '../a11y/action-select.ts';
import type { IpcProblem } from '../../../shared/ipc/contract.ts';
import { isItemField, type ItemFieldName } from '../../../shared/items/item-fields.ts';
import { TEMPLATE_LIMITS, TEMPLATE_PLACEHOLDERS, templateNameProblem, unknownTemplatePlaceholders } from '../../../shared/items/listing-templates.ts';
import type { Category } from '../categories/categories.ts';
import { FieldInput } from '../draft-editor/field-input.tsx';
import { EDITOR_FIELDS } from '../draft-editor/field-specs.ts';
import { useT } from '../i18n/intl.ts';
import type { MessageId } from '../i18n/messages.ts';
import { fieldLabelId } from '../i18n/translate.ts';
import { problemText } from './template-problems.ts';
import type { TemplateProblem, TemplateRules, TemplatesStore } from './templates-store.ts';
import { useRuleSummaries } from '../rules/rule-summaries.ts';
import { BusyButton } from '../a11y/busy-button.tsx';

const SHOWN = { shown: true, required: false } as const;

export function TemplateEditor({ store, categories }: { store: TemplatesStore; categories: Category[] }) {
  const t = useT();
  const editing = useStore(store, (s) => s.editing);
  const problem = useStore(store, (s) => s.problem);
  const busy = useStore(store, (s) => s.busy);
  const rules = useStore(store, (s) => s.rules);
  const [saved, setSaved] = useState(false);
  if (!editing) return null;
  const { actions } = store;
  const included = EDITOR_FIELDS.filter((f) => Object.hasOwn(editing.fields, f.field));
  const available = EDITOR_FIELDS.filter((f) => !Object.hasOwn(editing.fields, f.field));
  const description = typeof editing.fields.description === 'string' ? editing.fields.description : '';
  // Flagged while the seller types, with the same rule the core applies when saving.
  const unknown = unknownTemplatePlaceholders(description);
  const nameProblem = templateNameProblem(editing.name);
  const shownProblem: TemplateProblem | null = unknown.length > 0 ? { code: 'placeholder', names: unknown } : problem;
  const fieldProblems = (field: string): IpcProblem[] =>
    shownProblem?.code === 'value' && shownProblem.field === field ? [{ field, code: 'invalid', rule: 'invalid', message: problemText(t, shownProblem) }] : [];

  const save = async () => {
    setSaved(false);
    if (await actions.save()) setSaved(true);
  };
  const change = (field: ItemFieldName, value: string | number | string[] | null) => {
    setSaved(false);
    // A cleared input keeps the field in the template (empty until given); Remove takes it out.
    actions.setField(field, value ?? '');
  };
  const addField = useActionSelect((field) => {
    if (isItemField(field)) change(field, '');
  });

  return (
    <form
      className="template-editor editor-form"
      aria-label={t('templates.edit.fields')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          void save();
        }
      }}
    >
      <div className="field">
        <label htmlFor="template-name">{t('templates.edit.name')}</label>
        <input id="template-name" value={editing.name} maxLength={TEMPLATE_LIMITS.name} aria-invalid={nameProblem !== null} aria-describedby="template-name-hint" autoFocus={editing.id === null} onChange={(e) => {
          setSaved(false);
          actions.setName(e.target.value);
        }} />
        {nameProblem === 'empty' && <span id="template-name-hint" className="field-hint">{t('templates.problem.name-empty')}</span>}
      </div>
      <h3>{t('templates.edit.fields')}</h3>
      {included.length === 0 && <p className="muted">{t('templates.edit.noFields')}</p>}
      {included.map((spec) => {
        const field = spec.field as ItemFieldName;
        return (
          <div className="template-field" key={spec.field}>
            <FieldInput
              spec={spec}
              look={SHOWN}
              value={editing.fields[spec.field]}
              problems={fieldProblems(spec.field)}
              categories={categories}
              onChange={(value) => change(field, value)}
            />
            <button type="button" className="link-button" aria-label={t('templates.edit.removeField', { field: t(fieldLabelId(field)) })} onClick={() => actions.setField(field, null)}>✕</button>
          </div>
        );
      })}
      {Object.hasOwn(editing.fields, 'description') && (
        <div className="field-hint template-placeholders">
          <p>{t('templates.edit.placeholders')}</p>
          <ul>{TEMPLATE_PLACEHOLDERS.map((name) => <li key={name}><code>{`{${name}}`}</code> {t(`templates.placeholder.${name}` as MessageId)}</li>)}</ul>
        </div>
      )}
      <label>
        <span className="visually-hidden">{t('templates.edit.addField')}</span>
        <select aria-label={t('templates.edit.addField')} {...addField}>
          <option value="">{t('templates.edit.addField.choose')}</option>
          {available.map((f) => <option key={f.field} value={f.field}>{t(fieldLabelId(f.field as ItemFieldName))}</option>)}
        </select>
      </label>
      {editing.id !== null && <TemplateRulesNote rules={rules?.templateId === editing.id ? rules : null} />}
      {shownProblem && <p className="notice error" role="alert">{problemText(t, shownProblem)}</p>}
      {saved && !shownProblem && <p className="notice info" role="status">{t('templates.manager.saved')}</p>}
      <div className="dialog-actions">
        <span className="spacer" />
        <button type="button" onClick={() => actions.cancel()}>{t('common.cancel')}</button>
        <BusyButton type="submit" className="primary" busy={busy} disabled={unknown.length > 0 || nameProblem !== null}>{t('common.save')}</BusyButton>
      </div>
    </form>
  );
}

/** The offer and relisting rules of this template (set on the Rules screen), said in a line each. */
function TemplateRulesNote({ rules }: { rules: TemplateRules | null }) {
  const t = useT();
  const summary = useRuleSummaries();
  if (!rules) return null;
  const scope = t('templates.rules.this');
  const lines = [...rules.offer.map((r) => ({ key: `o${r.id}`, text: summary.offer(r, scope), off: !r.enabled })), ...rules.relist.map((r) => ({ key: `r${r.id}`, text: summary.relist(r, scope), off: !r.enabled }))];
  return (
    <section className="template-rules" aria-labelledby="template-rules-title">
      <h3 id="template-rules-title">{t('templates.rules.title')}</h3>
      {lines.length === 0 ? <p className="muted">{t('templates.rules.none')}</p> : (
        <ul>{lines.map((l) => <li key={l.key}>{l.text}{l.off && <> <span className="pill">{t('rules.off')}</span></>}</li>)}</ul>
      )}
      <p className="field-hint">{t('templates.rules.where')}</p>
    </section>
  );
}
