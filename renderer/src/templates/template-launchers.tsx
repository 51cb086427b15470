// Where templates live in the drafts screen: New draft from a template (beside New draft, the new
// draft opens in the editor), the manager, and Apply template… on the grid's selection. Their
// dialogs are modal, so they are mounted here with their buttons.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useActionSelect } from '../a11y/action-select.ts';
import { bridge } from '../bridge.ts';
import { editorStore } from '../draft-editor/editor-host.tsx';
import { useT } from '../i18n/intl.ts';
import { draftsStore } from '../stores/app-stores.ts';
import { ApplyTemplateDialog, TemplateManager } from '../navigation/later.tsx';
import { problemText } from './template-problems.ts';
import { createTemplatesStore, type TemplateProblem } from './templates-store.ts';
import './templates.css';

export const templatesStore = createTemplatesStore(bridge);

export function TemplateLaunchers() {
  const t = useT();
  const list = useStore(templatesStore, (s) => s.templates);
  const selectedCount = useStore(draftsStore, (s) => s.selected.size);
  const [open, setOpen] = useState<'manager' | 'apply' | null>(null);
  /** Why the last New draft from template made no draft. */
  const [failed, setFailed] = useState<TemplateProblem | null>(null);

  useEffect(() => {
    void templatesStore.actions.load();
    // The list follows an account switch.
    return bridge.on('accounts.switched', () => void templatesStore.actions.load());
  }, []);

  const newDraft = async (id: number) => {
    setFailed(null);
    const localId = await templatesStore.actions.newDraft(id);
    if (localId === null) {
      setFailed(templatesStore.getState().problem);
      return;
    }
    await draftsStore.getState().reload();
    await editorStore.actions.open(localId);
  };

  const fromTemplate = useActionSelect((id) => void newDraft(Number(id)));

  return (
    <div className="template-launchers">
      <select aria-label={t('templates.newFrom.label')} disabled={list.length === 0} {...fromTemplate}>
        <option value="">{t('templates.newFrom')}</option>
        {list.map((template) => <option key={template.id} value={template.id}>{template.name}</option>)}
      </select>
      <button type="button" onClick={() => setOpen('manager')} title={t('templates.open.hint')}>{t('templates.open')}</button>
      <button type="button" disabled={selectedCount === 0} onClick={() => setOpen('apply')} title={t('templates.apply.open.hint')}>{t('templates.apply.open')}</button>
      {failed && (
        <span className="notice error" role="alert">
          {t('templates.newFrom.failed', { reason: failed.code === 'other' ? failed.message : problemText(t, failed) })}
          <button type="button" aria-label={t('common.dismiss')} onClick={() => setFailed(null)}>✕</button>
        </span>
      )}
      {open === 'manager' && <TemplateManager store={templatesStore} drafts={draftsStore} onClose={() => setOpen(null)} />}
      {open === 'apply' && <ApplyTemplateDialog store={draftsStore} templates={templatesStore} onClose={() => setOpen(null)} />}
    </div>
  );
}
