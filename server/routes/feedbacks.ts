// Feedback: GET /1.1/users/{userid}/feedbacks (2.8), and the extension endpoints that write it:
// POST .../feedbacks (leave feedback on a trade), PUT .../feedbacks/{feedbackid} (answer it once).
import { z } from 'zod';
import { DecimalNumber, ErrorBody, Feedback, FeedbackAnswerInput, FeedbackInput, FeedbackList, PathId, UserIdParams } from '../../shared/api/index.ts';
import { answerFeedback, feedbacksReceived, findFeedback, leaveFeedback } from '../domain/trading/feedbacks.ts';
import { feedbackSummary } from '../domain/trading/feedback-summary.ts';
import { findUserById } from '../domain/users.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { requireUser } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { linksFor } from '../http/links.ts';
import type { Service } from '../service.ts';
import { feedbackView, pageLinks, paging } from '../views/trading-views.ts';

const FeedbackIdParams = z.object({ userid: PathId, feedbackid: PathId });
const FeedbackListQuery = z.object({ page: DecimalNumber.pipe(z.number().int().positive().max(2 ** 31)).optional().catch(undefined) });
const PAGE_SIZE = 50;

const ELEMENT =
  'Feedback element: `id`, `author` (username), `created`, `feedback` (text), `rating` (-1 negative, 0 neutral, 1 positive), ' +
  '`role` (1: the author was the buyer of the trade, 2: the seller), `answer` (the receiver\'s answer or null), `links` (author, item, self, user).';

export function registerFeedbacksRoutes(app: App, service: Service): void {
  const checkToken = async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request, service);
  };

  app.get('/1.1/users/:userid/feedbacks', {
    schema: {
      summary: 'Feedbacks a user has received, with the summary',
      description:
        `${ELEMENT} No token needed. Newest first, ${PAGE_SIZE} per page (\`page\`, from 1). ` +
        'Summary, computed from every feedback the user received: counts per rating, `feedbackCount` (all), `balance` = positive minus negative; ' +
        'the percentages are integers that add up to exactly 100 (largest-remainder rounding of the exact shares: floor each, then give the remaining points ' +
        'to the largest remainders, ties in the order positive, neutral, negative), and all 0 when there is no feedback. `title` is "Feedback for <username>". 404 for an unknown user.',
      tags: ['feedbacks'],
      params: UserIdParams,
      querystring: FeedbackListQuery,
      response: { 200: FeedbackList, 404: ErrorBody },
    },
    handler: (request) => {
      const user = findUserById(service.db, request.params.userid);
      if (!user) throw notFound('user');
      const page = paging(request.query.page, PAGE_SIZE);
      const summary = feedbackSummary(service.db, user.id);
      const rows = feedbacksReceived(service.db, user.id, page.limit, page.offset);
      const links = linksFor(request, service);
      const ctx = { tz: service.tz, links };
      return {
        totalCount: summary.feedbackCount,
        title: `Feedback for ${user.username}`,
        updated: service.tz.format(rows.reduce((t, r) => Math.max(t, r.answered ?? r.created), user.updated)),
        links: { ...pageLinks(links, `/users/${user.id}/feedbacks`, {}, page, summary.feedbackCount), user: links.api(`/users/${user.id}`) },
        summary,
        feedbacks: rows.map((row) => feedbackView(row, ctx)),
      };
    },
  });

  app.get('/1.1/users/:userid/feedbacks/:feedbackid', {
    schema: {
      summary: 'One feedback',
      description: `Extension: the resource \`links.self\` of a feedback points at. ${ELEMENT}`,
      tags: ['feedbacks'],
      params: FeedbackIdParams,
      response: { 200: Feedback, 404: ErrorBody },
    },
    handler: (request) => {
      const row = findFeedback(service.db, request.params.feedbackid);
      if (!row || row.receiver_id !== request.params.userid) throw notFound('feedback');
      return feedbackView(row, { tz: service.tz, links: linksFor(request, service) });
    },
  });

  app.post('/1.1/users/:userid/feedbacks', {
    schema: {
      summary: 'Leave feedback on a trade (extension)',
      description:
        `Extension. The caller leaves feedback for user \`userid\` on their trade of item \`itemid\` (an auction win, a buy-now purchase or an accepted offer, ` +
        'with the caller on one side and `userid` on the other). Body: `itemid`, `rating` (-1, 0 or 1), `feedback` (1 to 255 characters). ' +
        'Each side leaves one feedback per trade (several purchases of one buy-now item are several trades). Answers 201 with the feedback element. ' +
        `${ELEMENT} Refusals: 403 without a token, 403 \`not_trading_partner\` (no trade of this item between the two), 404 unknown user or item, ` +
        '409 `feedback_exists` (feedback already left), 400 validation.',
      tags: ['feedbacks'],
      security: TOKEN_SECURITY,
      params: UserIdParams,
      body: FeedbackInput,
      response: { 201: Feedback, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    preValidation: checkToken,
    handler: (request, reply) => {
      const user = requireUser(request, service);
      const row = leaveFeedback(
        service,
        {
          authorId: user.id,
          receiverId: request.params.userid,
          itemId: request.body.itemid,
          rating: request.body.rating,
          text: request.body.feedback,
        },
        service.clock.now(),
      );
      reply.code(201);
      return feedbackView(row, { tz: service.tz, links: linksFor(request, service) });
    },
  });

  app.put('/1.1/users/:userid/feedbacks/:feedbackid', {
    schema: {
      summary: 'Answer a feedback received (extension)',
      description:
        'Extension. The receiver (user `userid`, with their own token) answers a feedback they received, once. Body: `answer` (1 to 255 characters). ' +
        'Answers 200 with the feedback element. Refusals: 403 without a token or for anyone but the receiver (`not_receiver`), 404 unknown feedback ' +
        '(or not received by `userid`), 409 `answer_exists` for a second answer, 400 validation.',
      tags: ['feedbacks'],
      security: TOKEN_SECURITY,
      params: FeedbackIdParams,
      body: FeedbackAnswerInput,
      response: { 200: Feedback, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    preValidation: checkToken,
    handler: (request) => {
      const user = requireUser(request, service);
      const row = answerFeedback(
        service,
        { receiverId: request.params.userid, feedbackId: request.params.feedbackid, callerId: user.id, answer: request.body.answer },
        service.clock.now(),
      );
      return feedbackView(row, { tz: service.tz, links: linksFor(request, service) });
    },
  });
}
