// The demo shop speaks the marketplace's language (issue 21, item 13): a Finnish seller's first
// start shows Finnish titles, descriptions, terms, questions and feedback, in the Finnish
// categories; the English category names stay beside them for English screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed/demo.ts';
import { DEMO_CATEGORIES } from '../../server/seed/category-data.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.service, { onlyIfEmpty: true });
}, 120_000);
afterAll(() => server.close());

const all = <T>(sql: string) => server.service.db.prepare(sql).all() as T[];
/** Words only English text has: the demo's old English words. */
const ENGLISH = /\b(the|with|and|for|from|selling|pick-up|payment|shipped|condition|category|set of)\b/i;

describe('the demo shop in Finnish', () => {
  it('titles every item in Finnish, from its own category\'s products', () => {
    const products = new Map<number, readonly string[]>();
    for (const main of DEMO_CATEGORIES) for (const section of main.sections) for (const leaf of section.subcategories) products.set(leaf.id, leaf.products);
    const items = all<{ title: string; category_id: number }>('SELECT title, category_id FROM items');
    expect(items.length).toBe(330);
    for (const item of items) {
      const own = products.get(item.category_id) ?? [];
      expect(own.some((p) => item.title.startsWith(p)), item.title).toBe(true);
    }
    const titles = new Set(items.map((i) => i.title));
    expect(titles.has('Untuvamakuupussi, mukavuus -10 °C')).toBe(true);
    expect([...titles].filter((t) => /sleeping bag|sofa|dining table|, as new|still boxed/i.test(t))).toEqual([]);
  });

  it('writes descriptions, terms and the category line in Finnish', () => {
    const items = all<{ description: string | null; delivery_terms: string | null; payment_terms: string | null; main: string; section: string }>(
      `SELECT i.description, i.delivery_terms, i.payment_terms, m.title AS main, s.title AS section
         FROM items i JOIN categories m ON m.id = i.main_category_id JOIN categories s ON s.id = i.section_category_id`,
    );
    const described = items.filter((i) => i.description !== null);
    expect(described.length).toBeGreaterThan(300);
    for (const item of described) {
      expect(item.description).toContain(`<li>Osasto: ${item.main.replace(/&/g, '&amp;')} / ${item.section.replace(/&/g, '&amp;')}</li>`);
      expect(item.description!.replace(/<strong>.*?<\/strong>/g, ''), item.description!).not.toMatch(ENGLISH);
    }
    for (const text of new Set(items.flatMap((i) => [i.delivery_terms, i.payment_terms]).filter((t) => t !== null))) expect(text).not.toMatch(ENGLISH);
    expect(new Set(items.map((i) => i.delivery_terms))).toContain('Nouto tai lähetys, kumpi sinulle sopii.');
  });

  it('asks, answers, offers and gives feedback in Finnish, and describes the demo users in Finnish', () => {
    const texts = [
      ...all<{ t: string }>("SELECT question AS t FROM questions UNION ALL SELECT answer FROM questions WHERE answer IS NOT NULL"),
      ...all<{ t: string }>('SELECT message AS t FROM offers WHERE message IS NOT NULL'),
      ...all<{ t: string }>('SELECT text AS t FROM feedbacks UNION ALL SELECT answer FROM feedbacks WHERE answer IS NOT NULL'),
      ...all<{ t: string }>('SELECT description AS t FROM users WHERE description IS NOT NULL'),
    ].map((r) => r.t);
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) expect(text).not.toMatch(ENGLISH);
    expect(texts).toContain('Onko tämä vielä noudettavissa tänä viikonloppuna?');
  });
});
