// 4.8 questions: GET and POST /1.1/items/{itemid}/questions, PUT .../questions/{questionid}.
import { AnswerInput, ErrorBody, ItemIdParams, LIMITS, Question, QuestionIdParams, QuestionInput, QuestionList, TradingListQuery } from '../../shared/api/index.ts';
import { visibleItem } from '../domain/items/item-row.ts';
import { answerQuestion, askQuestion, findQuestion, questionsOfItem } from '../domain/trading/questions.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { linksFor } from '../http/links.ts';
import type { Service } from '../service.ts';
import { tradingListLinks } from '../views/list-views.ts';
import { questionView } from '../views/trading-views.ts';

const RECORD =
  'Question record: `id`, `itemId`, `question`, `answer` (null until answered), `author` (username), `created`, `answered` (time of the last answer or edit, or null), `links` (self, item).';

export function registerQuestionsRoutes(app: App, service: Service): void {
  const checkToken = async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request, service);
  };

  app.get('/1.1/items/:itemid/questions', {
    schema: {
      summary: 'List questions and answers',
      description: `${RECORD} Everyone reads every question of the item with its answer (no token needed). Paged: \`page\` (1-based) of ${LIMITS.tradingListPageSize}, newest first; \`totalCount\` counts every page; \`links.next\` and \`links.previous\` are null at the ends. 404 for an unknown item, and for another seller's item that is not published or closed (as if unknown: a draft's existence is not revealed).`,
      tags: ['questions'],
      params: ItemIdParams,
      querystring: TradingListQuery,
      response: { 200: QuestionList, 404: ErrorBody },
    },
    handler: (request) => {
      const viewer = optionalUser(request, service);
      const item = visibleItem(service.db, request.params.itemid, viewer?.id ?? null);
      const page = { number: request.query.page ?? 1, size: LIMITS.tradingListPageSize };
      const { rows, total, updated } = questionsOfItem(service.db, item.id, page);
      const links = linksFor(request, service);
      return {
        questions: rows.map((row) => questionView(row, { tz: service.tz, links })),
        totalCount: total,
        links: tradingListLinks(links, `/items/${item.id}/questions`, `/items/${item.id}`, page.number, total, page.size),
        updated: service.tz.format(Math.max(updated ?? 0, item.updated)),
      };
    },
  });

  app.get('/1.1/items/:itemid/questions/:questionid', {
    schema: {
      summary: 'One question',
      description: `Extension: the resource \`links.self\` of a question points at. ${RECORD}`,
      tags: ['questions'],
      params: QuestionIdParams,
      response: { 200: Question, 404: ErrorBody },
    },
    handler: (request) => {
      const viewer = optionalUser(request, service);
      visibleItem(service.db, request.params.itemid, viewer?.id ?? null, 'question');
      const question = findQuestion(service.db, request.params.questionid);
      if (!question || question.item_id !== request.params.itemid) throw notFound('question');
      return questionView(question, { tz: service.tz, links: linksFor(request, service) });
    },
  });

  app.post('/1.1/items/:itemid/questions', {
    schema: {
      summary: 'Ask the seller a question',
      description:
        `${RECORD} Needs a token. \`question\`: 1 to 255 characters. Answers 201 with the question. ` +
        'Refusals: 403 `own_item` (the seller), 404 unknown item (also another seller\'s unpublished item), 409 `item_closed` (not published, or past closing), ' +
        `409 \`question_limit\` (a user asks at most ${LIMITS.questionsPerUserPerItem} questions on one item and ${LIMITS.questionsPerUserPerDay} in any 24 hours), 400 validation (also \`invalid_characters\`: control or bidirectional override characters).`,
      tags: ['questions'],
      security: TOKEN_SECURITY,
      params: ItemIdParams,
      body: QuestionInput,
      response: { 201: Question, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    preValidation: checkToken,
    handler: (request, reply) => {
      const user = requireUser(request, service);
      const question = askQuestion(
        service,
        { itemId: request.params.itemid, authorId: user.id, question: request.body.question },
        service.clock.now(),
      );
      reply.code(201);
      return questionView(question, { tz: service.tz, links: linksFor(request, service) });
    },
  });

  app.put('/1.1/items/:itemid/questions/:questionid', {
    schema: {
      summary: 'Answer a question (the seller)',
      description:
        `${RECORD} Needs a token. \`answer\`: 1 to 255 characters. Each question has one answer; the seller may edit it (PUT again) until the item closes. ` +
        'A question still unanswered when the item closes may be answered after closing, once. Answers 200 with the question. ' +
        'Refusals: 403 `not_seller`, 404 unknown question (or not on this item), 409 `item_closed` when editing an answer after closing, 400 validation.',
      tags: ['questions'],
      security: TOKEN_SECURITY,
      params: QuestionIdParams,
      body: AnswerInput,
      response: { 200: Question, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    preValidation: checkToken,
    handler: (request) => {
      const user = requireUser(request, service);
      const question = answerQuestion(
        service,
        { itemId: request.params.itemid, questionId: request.params.questionid, userId: user.id, answer: request.body.answer },
        service.clock.now(),
      );
      return questionView(question, { tz: service.tz, links: linksFor(request, service) });
    },
  });
}
