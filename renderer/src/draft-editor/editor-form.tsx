// The editor's form: every field the settings show, in the registry's groups, each with its
// problems (and the category's suggestions from the market); then the values the settings do not
// allow (from an import, or settings changed since), shown so they can be cleared.
import { fieldLabelId } from '../i18n/translate.ts';
import { useT } from '../i18n/intl.ts';
import { CategoryChips } from '../research/market-panel.tsx';
import type { ResearchStore } from '../research/research-store.ts';
import { FIELD_GROUPS, type ItemFieldName } from '../../../shared/items/item-fields.ts';
import type { EditorState, EditorStore } from './editor-store.ts';
import type { EditorView } from './editor-view.ts';
import { EDITOR_FIELDS } from './field-specs.ts';
import { FieldInput } from './field-input.tsx';
import { useStatusWords } from './status-words.ts';

export function EditorForm({ s, view, store, research }: { s: EditorState; view: EditorView; store: EditorStore; research: ResearchStore }) {
  const t = useT();
  const words = useStatusWords();
  const { row, queued, editable, look } = view;
  const { actions } = store;
  const notAllowed = EDITOR_FIELDS.filter((f) => !look(f).shown && s.values[f.field] != null && s.problems.some((p) => p.field === f.field && p.code === 'not-allowed'));
  return (
    <form
      className="editor-form"
      aria-label={t('editor.form')}
      onSubmit={(e) => {
        e.preventDefault();
        void actions.save();
      }}
    >
      {/* Not disabled while it saves: a disabled fieldset takes the focus from the field the seller
          pressed Ctrl+S in, and Chromium drops it to the page before it can be moved (issue 40's CI
          flake). Its text fields are read-only meanwhile and the store refuses other changes. */}
      <fieldset disabled={!editable} aria-busy={s.busy || undefined}>
        {!editable && (
          <p className="muted read-only-note">
            {queued ? t('editor.readOnly.queued', { status: words.status(queued) }) : t('editor.readOnly.status', { status: words.status(row.status) })}
          </p>
        )}
        {FIELD_GROUPS.map((group) => {
          const fields = EDITOR_FIELDS.filter((f) => f.group === group && look(f).shown);
          if (fields.length === 0) return null;
          return (
            <section key={group} className="editor-group" aria-label={t(`fieldGroup.${group}`)}>
              <h3>{t(`fieldGroup.${group}`)}</h3>
              {fields.map((spec) => (
                <div key={spec.field} className="editor-field-wrap">
                  <FieldInput
                    spec={spec}
                    look={look(spec)}
                    value={s.values[spec.field]}
                    problems={s.problems.filter((p) => p.field === spec.field)}
                    categories={s.categories}
                    values={s.values}
                    unread={row.detailsMissing?.includes(spec.field) === true && (s.values[spec.field] ?? null) === null}
                    readOnly={s.busy}
                    onChange={(value) => actions.setField(spec.field, value)}
                  />
                  {spec.field === 'categoryId' && (
                    <CategoryChips store={research} categories={s.categories} current={typeof s.values.categoryId === 'number' ? s.values.categoryId : null}
                      onTake={(categoryId) => actions.setField('categoryId', categoryId)} />
                  )}
                </div>
              ))}
            </section>
          );
        })}
        {notAllowed.length > 0 && (
          <section className="editor-group not-allowed" aria-label={t('editor.notAllowed')}>
            <h3>{t('editor.notAllowed')}</h3>
            {notAllowed.map((f) => (
              <p key={f.field}>
                {t(fieldLabelId(f.field as ItemFieldName))}: {String(s.values[f.field])}{' '}
                <button type="button" onClick={() => actions.setField(f.field, null)}>{t('editor.clear')}</button>
              </p>
            ))}
          </section>
        )}
      </fieldset>
    </form>
  );
}
