// Which template each item came from (items.template_id, cache migration 17): a draft made from a
// template, or one a template was applied to, keeps the template's id, and a relisted copy keeps
// its original's (drafts/status-changes.ts). The template's rules then decide the item when it has
// none of its own (rule-scope.ts). A deleted template clears its links (the migration's trigger).
import type { Db } from '../db/open-account-db.ts';

export function templateLinks(db: Db) {
  const set = db.prepare(`UPDATE items SET template_id = ? WHERE local_id IN (SELECT value FROM json_each(?)) AND template_id IS NOT ?`);
  const remember = db.prepare(
    `INSERT OR REPLACE INTO template_link_steps (step_id, local_id, template_id, previous_template_id)
     SELECT ?, local_id, ?, template_id FROM items WHERE local_id IN (SELECT value FROM json_each(?)) AND template_id IS NOT ?`,
  );
  const undo = db.prepare(
    `UPDATE items SET template_id = (SELECT s.previous_template_id FROM template_link_steps s WHERE s.step_id = ? AND s.local_id = items.local_id)
      WHERE local_id IN (SELECT s.local_id FROM template_link_steps s WHERE s.step_id = ? AND s.template_id = items.template_id)`,
  );
  const forget = db.prepare(`DELETE FROM template_link_steps WHERE step_id = ?`);
  const members = db.prepare(`SELECT local_id AS localId, template_id AS templateId FROM items WHERE template_id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL`);
  const of = db.prepare(`SELECT template_id FROM items WHERE local_id = ?`).pluck();
  return {
    /**
     * Links the items to the template; run it in the transaction that applied the template. With
     * the application's undo step, each item's previous link is kept for its undo.
     */
    set(localIds: readonly number[], templateId: number, stepId: number | null = null): number {
      const ids = JSON.stringify(localIds);
      if (stepId !== null) remember.run(stepId, templateId, ids, templateId);
      return set.run(templateId, ids, templateId).changes;
    },
    /** The undo of an application's step: each item the step linked, still linked so, gets its previous template back. */
    undoStep(stepId: number): number {
      const changed = undo.run(stepId, stepId).changes;
      forget.run(stepId);
      return changed;
    },
    /** The template of each item linked to one of `templateIds` (one read per rules pass). */
    members(templateIds: readonly number[]): Map<number, number> {
      if (templateIds.length === 0) return new Map();
      const rows = members.all(JSON.stringify(templateIds)) as Array<{ localId: number; templateId: number }>;
      return new Map(rows.map((r) => [r.localId, r.templateId]));
    },
    of: (localId: number): number | null => (of.get(localId) as number | null | undefined) ?? null,
    /** Runs `fn` in one transaction (a template's values and its links commit together). */
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
  };
}

export type TemplateLinks = ReturnType<typeof templateLinks>;
