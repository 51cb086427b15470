// POST /ipc/<method> bodies, read so that no page can stop web mode's server with one (issue 37:
// 32 bodies of 79 MB at once ran it out of heap; a 100,000-deep one made the send to the core
// throw). Each method has its size (shared/ipc/web-socket.ts callLimit: 8 MB, 80 MB for the two
// calls that carry a spreadsheet's content), a body declared larger is refused before it is read,
// and one found larger while read is dropped. All bodies being read or handed to the core share
// one budget (one large call and a few default ones); a body that does not fit is answered
// 'busy' (try again) before its first byte is read. Then the JSON's depth is checked before it is
// parsed.
import type { IncomingMessage } from 'node:http';
import { callLimit, MAX_CALL_BYTES, MAX_LARGE_CALL_BYTES, nestsDeeper } from '../../shared/ipc/web-socket.ts';

/** Bytes of bodies in memory at once: one large call and four default ones. */
export const BODY_BUDGET_BYTES = MAX_LARGE_CALL_BYTES + 4 * MAX_CALL_BYTES;

export interface BodyBudget {
  /** Reserves `bytes`, or false when they do not fit now. */
  take(bytes: number): boolean;
  give(bytes: number): void;
}

export function bodyBudget(total = BODY_BUDGET_BYTES): BodyBudget {
  let used = 0;
  return {
    take(bytes) {
      if (used + bytes > total) return false;
      used += bytes;
      return true;
    },
    give(bytes) {
      used = Math.max(0, used - bytes);
    },
  };
}

export type CallBody =
  | { ok: true; input: unknown; /** Give back once the call is answered (its input is in flight to the core until then). */ release(): void }
  | { ok: false; status: number; code: string; message: string; close: boolean };

const refused = (status: number, code: string, message: string, close = false): CallBody => ({ ok: false, status, code, message, close });

/** Reads a call's body for `method` within its limit and the shared budget, and parses it. */
export async function readCallBody(req: IncomingMessage, method: string, budget: BodyBudget): Promise<CallBody> {
  const limit = callLimit(method);
  const header = req.headers['content-length'];
  const declared = header === undefined ? null : Number(header);
  const tooLarge = () => refused(413, 'too-large', `a call of ${method.length > 100 ? 'this method' : method} takes at most ${limit} bytes`, true);
  if (declared !== null && !(declared <= limit)) return discard(req, tooLarge());
  // A body without a length may be as large as the limit: that much is set aside for it.
  const reserved = declared ?? limit;
  if (!budget.take(reserved)) return discard(req, refused(503, 'busy', 'the app is taking in other large calls: try again in a moment', true));
  let kept = true;
  const release = () => {
    if (kept) budget.give(reserved);
    kept = false;
  };
  try {
    const body = await readLimited(req, limit);
    if (body === null) {
      release();
      return tooLarge();
    }
    const text = body.toString('utf8');
    if (nestsDeeper(text)) {
      release();
      return refused(400, 'too-deep', 'the body nests deeper than any call of the app');
    }
    let input: unknown;
    try {
      input = text.length === 0 ? {} : JSON.parse(text);
    } catch {
      release();
      return refused(400, 'invalid-json', 'the body is not JSON');
    }
    return { ok: true, input, release };
  } catch (error) {
    release();
    throw error;
  }
}

/** The body is not read into memory: what arrives is let through and dropped, and the connection closed after the answer. */
function discard(req: IncomingMessage, answer: CallBody): CallBody {
  req.resume();
  return answer;
}

/** The body, or null once it passes `limit` (the rest dropped unread). */
function readLimited(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}
