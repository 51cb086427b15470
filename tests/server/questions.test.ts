import { describe, expect, it } from 'vitest';
import { ErrorBody, Question, QuestionList } from '../../shared/api/index.ts';
import { closeItem } from '../../server/domain/items/close-item.ts';
import { call } from '../support/server.ts';
import { useTradingServer } from '../support/trading-fixtures.ts';

const market = useTradingServer('anna');

const ask = (token: string | undefined, itemId: number, question: unknown) =>
  call(market.server.api(`/items/${itemId}/questions`), { token, json: { question } });
const answer = (token: string, itemId: number, questionId: number, text: unknown) =>
  call(market.server.api(`/items/${itemId}/questions/${questionId}`), { method: 'PUT', token, json: { answer: text } });
const codeOf = (body: unknown) => ErrorBody.parse(body).errors[0]?.code;

describe('questions', () => {
  it('lets a token holder ask and everyone read the question with its answer', async () => {
    const id = market.item();
    const res = await ask(market.anna.token, id, 'Does it still work?');
    expect(res.status).toBe(201);
    const q = Question.parse(res.body);
    expect(q).toMatchObject({ itemId: id, question: 'Does it still work?', answer: null, author: 'anna', answered: null });

    const answered = await answer(market.seller.token, id, q.id, 'Yes, perfectly.');
    expect(answered.status).toBe(200);
    expect(Question.parse(answered.body).answer).toBe('Yes, perfectly.');

    const list = QuestionList.parse((await call(market.server.api(`/items/${id}/questions`))).body);
    expect(list.totalCount).toBe(1);
    expect(list.questions[0]).toMatchObject({ question: 'Does it still work?', answer: 'Yes, perfectly.' });
    expect((await call(list.questions[0]!.links.self)).status).toBe(200);
  });

  it('refuses no token, the seller asking, closed items, and questions over 255 characters', async () => {
    const id = market.item();
    expect((await ask(undefined, id, 'Hello?')).status).toBe(403);
    expect(codeOf((await ask(market.seller.token, id, 'Hello?')).body)).toBe('own_item');
    const closed = market.item({ status: 'closed' });
    expect((await ask(market.anna.token, closed, 'Hello?')).status).toBe(409);
    const long = await ask(market.anna.token, id, 'x'.repeat(256));
    expect(long.status).toBe(400);
    expect(ErrorBody.parse(long.body).errors[0]?.field).toBe('question');
    expect((await ask(market.anna.token, id, 'x'.repeat(255))).status).toBe(201);
    expect((await ask(market.anna.token, 999_999, 'Hello?')).status).toBe(404);
  });

  it('lets only the seller answer, and the answer be edited until the item closes', async () => {
    const id = market.item();
    const q = Question.parse((await ask(market.anna.token, id, 'Colour?')).body);
    const byAsker = await answer(market.anna.token, id, q.id, 'Red');
    expect(byAsker.status).toBe(403);
    expect(codeOf(byAsker.body)).toBe('not_seller');
    expect((await answer(market.seller.token, id, q.id, 'x'.repeat(256))).status).toBe(400);
    expect((await answer(market.seller.token, id, q.id, 'Red')).status).toBe(200);
    const edited = await answer(market.seller.token, id, q.id, 'Dark red');
    expect(Question.parse(edited.body).answer).toBe('Dark red');

    const unanswered = Question.parse((await ask(market.anna.token, id, 'Size?')).body);
    closeItem(market.server.service, id, Date.now());
    const late = await answer(market.seller.token, id, q.id, 'Crimson');
    expect(late.status).toBe(409);
    expect(codeOf(late.body)).toBe('item_closed');
    // A question left unanswered at closing may still get its one answer.
    expect((await answer(market.seller.token, id, unanswered.id, 'Large')).status).toBe(200);
    expect((await answer(market.seller.token, id, unanswered.id, 'Medium')).status).toBe(409);
    const list = QuestionList.parse((await call(market.server.api(`/items/${id}/questions`))).body);
    expect(list.questions.map((x) => x.answer)).toEqual(['Large', 'Dark red']);
  });

  it('answers 404 for a question that is not on the item', async () => {
    const a = market.item();
    const b = market.item();
    const q = Question.parse((await ask(market.anna.token, a, 'Where?')).body);
    expect((await answer(market.seller.token, b, q.id, 'Here')).status).toBe(404);
  });
});
