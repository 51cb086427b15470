// Which template each item came from (items.template_id, cache migration 17): a draft made from a
// template, or one a template was applied to, keeps the template's id, and a relisted copy keeps
// its original's (drafts/status-changes.ts). The template's rules then decide the item when it has
// none of its own (rule-scope.ts). A deleted template clears its links (the migration's trigger).
import type { Db } from '../db/open-account-db.ts';

export function templateLinks(db: Db) {
  const set = db.prepare(`UPDATE items SET template_id = ? WHERE local_id IN (SELECT value FROM json_each(?)) AND template_id IS NOT ?`);
  const members = db.prepare(`SELECT local_id AS localId, template_id AS templateId FROM items WHERE template_id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL`);
  const of = db.prepare(`SELECT template_id FROM items WHERE local_id = ?`).pluck();
  return {
    /** Links the items to the template; run it in the transaction that applied the template. */
    set: (localIds: readonly number[], templateId: number): number => set.run(templateId, JSON.stringify(localIds), templateId).changes,
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
