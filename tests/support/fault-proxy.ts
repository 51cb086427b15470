// A fault-injecting HTTP proxy on loopback, to put between a client and the real service in tests:
//
//   const proxy = await startFaultProxy({ target: server.url, seed: 7, plan: { random: { rates: { 'drop-after': 0.1 } } } });
//   ... point the client at proxy.url ...
//   proxy.setPlan('off');            // faults stop: everything passes through
//   await proxy.waitFor((s) => s.inFlight === 0);
//   await proxy.close();
//
// Invariants:
// - `Host` is forwarded unchanged, so the links the service builds from it point back through the
//   proxy, and the client never learns the service's own address.
// - Request bodies are streamed, never altered; keep-alive on both sides.
// - The fault of a request is chosen when it arrives (fault-plan.ts), from the seed and its arrival
//   number only, so the log of a sequential run is reproducible.
// - close() destroys every client and upstream socket and clears every timer before it resolves.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  activatePlan,
  chooseFault,
  DEFAULT_RETRY_AFTER_SECONDS,
  FAULT_KINDS,
  faultStatusBody,
  requestRandom,
  type ActivePlan,
  type Fault,
  type FaultKind,
  type PlanInput,
} from './fault-plan.ts';

export * from './fault-plan.ts';

export type FaultOutcome =
  /** Still running. */
  | 'pending'
  /** Passed through (no fault, or after a delay) and the whole response reached the client. */
  | 'passed'
  /** The planned fault was applied. */
  | 'faulted'
  /** The client went away before the proxy finished. */
  | 'client-gone'
  /** The service could not be reached or broke off; the client got a 502 or a cut connection. */
  | 'upstream-error'
  /** close() ended it. */
  | 'closed';

export interface FaultLogEntry {
  /** Arrival number, from 0. */
  seq: number;
  method: string;
  /** Path with query string, as the client sent it. */
  url: string;
  fault: FaultKind | null;
  /** The status a `status` fault answered with; the delay of a `delay` fault. */
  injectedStatus: number | null;
  delayMs: number | null;
  /** The service's status, or null when the request was not forwarded or got no response. */
  upstreamStatus: number | null;
  outcome: FaultOutcome;
}

export interface FaultProxyStats {
  /** Requests received. */
  requests: number;
  /** Requests sent on to the service. */
  forwarded: number;
  inFlight: number;
  /** Faults applied, per kind. */
  faults: Record<FaultKind, number>;
  /** Client connections open now. */
  openSockets: number;
  /** Connections to the service open now (busy or idle in the keep-alive pool). */
  upstreamSockets: number;
  log: FaultLogEntry[];
}

export interface FaultProxyOptions {
  /** Origin of the service, e.g. http://127.0.0.1:41234 (a path is ignored). */
  target: string;
  seed?: number;
  plan?: PlanInput;
}

export interface FaultProxy {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Replaces the plan; the rule counters (skip, times) start afresh. Request numbering goes on. */
  setPlan(plan: PlanInput): void;
  /** A copy of the counters and of the log. */
  stats(): FaultProxyStats;
  /** Zeroes the counters and empties the log (request numbering goes on). */
  resetStats(): void;
  /** Resolves once `predicate(stats())` holds, checked on every change; rejects after `timeoutMs`. */
  waitFor(predicate: (stats: FaultProxyStats) => boolean, timeoutMs?: number): Promise<FaultProxyStats>;
  /** Ends every connection and timer; requests in flight are cut. Safe to call twice. */
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 7.6.1) belong to one connection and are not forwarded.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function endToEndHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.includes(name)) out[name] = value;
  }
  return out;
}

const zeroFaults = (): Record<FaultKind, number> =>
  Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>;

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  if (target.protocol !== 'http:') throw new Error(`fault proxy: only http targets, not ${options.target}`);
  const seed = options.seed ?? 1;
  let active: ActivePlan = activatePlan(options.plan ?? 'off');
  let nextSeq = 0;
  let counters = { requests: 0, forwarded: 0, inFlight: 0, faults: zeroFaults() };
  let log: FaultLogEntry[] = [];
  let closing: Promise<void> | null = null;
  const clientSockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const watchers = new Set<() => void>();
  const notify = () => {
    for (const watcher of [...watchers]) watcher();
  };
  // Idle upstream sockets are closed after 4 s, well before the service's keep-alive timeout,
  // so a request is never sent on a socket the service is closing (that would be a false fault).
  const agent = new http.Agent({ keepAlive: true, timeout: 4_000 });

  const server = http.createServer({ keepAlive: true });
  server.on('connection', (socket) => {
    clientSockets.add(socket);
    socket.once('close', () => {
      clientSockets.delete(socket);
      notify();
    });
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  server.on('request', (req, res) => handle(req, res));

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const seq = nextSeq++;
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const fault = chooseFault(active, { method, url, path: url.split('?')[0] ?? '/', headers: req.headers }, requestRandom(seed, seq));
    const entry: FaultLogEntry = {
      seq,
      method,
      url,
      fault: fault?.kind ?? null,
      injectedStatus: fault?.kind === 'status' ? fault.status : null,
      delayMs: fault?.kind === 'delay' ? fault.ms : null,
      upstreamStatus: null,
      outcome: 'pending',
    };
    log.push(entry);
    counters.requests += 1;
    counters.inFlight += 1;
    if (fault) counters.faults[fault.kind] += 1;
    notify();
    let upstream: http.ClientRequest | null = null;
    let timer: NodeJS.Timeout | null = null;

    const finish = (outcome: Exclude<FaultOutcome, 'pending'>) => {
      if (entry.outcome !== 'pending') return;
      entry.outcome = outcome;
      counters.inFlight -= 1;
      notify();
    };
    // Errors of a request the client abandoned or that we cut are expected; the outcome says what happened.
    req.on('error', () => undefined);
    res.once('close', () => {
      if (timer) {
        clearTimeout(timer);
        timers.delete(timer);
      }
      if (upstream && !upstream.destroyed && entry.outcome === 'pending') upstream.destroy();
      finish(closing ? 'closed' : 'client-gone');
    });

    const forward = (onResponse: (upRes: http.IncomingMessage) => void) => {
      counters.forwarded += 1;
      upstream = http.request(
        { protocol: 'http:', hostname: target.hostname, port: target.port, method, path: url, headers: endToEndHeaders(req.headers), agent },
        (upRes) => {
          entry.upstreamStatus = upRes.statusCode ?? null;
          upRes.on('error', () => undefined);
          // A response the service broke off must not look complete to the client.
          upRes.once('close', () => {
            if (!upRes.complete && entry.outcome === 'pending') {
              finish('upstream-error');
              res.destroy();
            }
          });
          onResponse(upRes);
        },
      );
      upstream.on('error', () => {
        if (entry.outcome !== 'pending') return;
        finish(closing ? 'closed' : 'upstream-error');
        if (closing || res.headersSent) res.destroy();
        else res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify(faultStatusBody(502)));
      });
      req.pipe(upstream);
    };

    const passThrough = () =>
      forward((upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, endToEndHeaders(upRes.headers));
        upRes.pipe(res);
        res.once('finish', () => finish('passed'));
      });

    if (!fault) return passThrough();
    apply(fault);

    function apply(fault: Fault): void {
      switch (fault.kind) {
        case 'drop-before':
          finish('faulted');
          req.socket.destroy();
          return;
        case 'drop-after':
          forward((upRes) => {
            upRes.resume();
            upRes.once('end', () => {
              finish('faulted');
              req.socket.destroy();
            });
          });
          return;
        case 'status': {
          // Read the whole body first, as a service answering 5xx would: an answer sent while the
          // client is still uploading makes some clients report a write error instead of the status.
          const body = JSON.stringify(faultStatusBody(fault.status));
          const retryAfter = fault.retryAfterSeconds ?? (fault.status === 429 ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
          req.resume();
          req.once('end', () => {
            if (entry.outcome !== 'pending') return;
            const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) };
            if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
            res.once('finish', () => finish('faulted'));
            res.writeHead(fault.status, headers).end(body);
          });
          return;
        }
        case 'delay':
          timer = setTimeout(() => {
            if (timer) timers.delete(timer);
            timer = null;
            if (entry.outcome === 'pending') passThrough();
          }, fault.ms);
          timers.add(timer);
          return;
        case 'truncate':
          forward((upRes) => {
            const chunks: Buffer[] = [];
            upRes.on('data', (chunk: Buffer) => chunks.push(chunk));
            upRes.once('end', () => {
              if (entry.outcome !== 'pending') return;
              const whole = Buffer.concat(chunks);
              const half = whole.subarray(0, Math.floor(whole.length / 2));
              // Content-Length (when the service sent one) still announces the whole body, so the
              // client can tell the response is cut short.
              res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, endToEndHeaders(upRes.headers));
              finish('faulted');
              if (half.length === 0) {
                res.flushHeaders();
                req.socket.end();
              } else {
                // Destroy only once the half is handed to the kernel, so it really is sent.
                res.write(half, () => req.socket.destroy());
              }
            });
          });
          return;
        default: {
          const never: never = fault;
          throw new Error(`unknown fault ${JSON.stringify(never)}`);
        }
      }
    }
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  const stats = (): FaultProxyStats => ({
    requests: counters.requests,
    forwarded: counters.forwarded,
    inFlight: counters.inFlight,
    faults: { ...counters.faults },
    openSockets: clientSockets.size,
    upstreamSockets: countSockets(agent),
    log: log.map((entry) => ({ ...entry })),
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setPlan(plan) {
      active = activatePlan(plan);
    },
    stats,
    resetStats() {
      // In-flight requests still finish into the old counters' inFlight; carry it over.
      counters = { requests: 0, forwarded: 0, inFlight: counters.inFlight, faults: zeroFaults() };
      log = [];
    },
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const snapshot = stats();
          if (!predicate(snapshot)) return;
          cleanup();
          resolve(snapshot);
        };
        const timeout = setTimeout(() => {
          cleanup();
          reject(new Error(`fault proxy: condition not met within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timeout);
          watchers.delete(check);
        };
        watchers.add(check);
        check();
      });
    },
    close() {
      closing ??= (async () => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        const closed = once(server, 'close');
        server.close();
        server.closeAllConnections();
        agent.destroy();
        await closed;
        // 'close' events of destroyed sockets arrive on later ticks; wait for them so that
        // stats().openSockets is 0 and nothing of ours is left running when close() resolves.
        await Promise.all([...clientSockets].map((socket) => once(socket, 'close')));
        notify();
      })();
      return closing;
    },
  };
}

function countSockets(agent: http.Agent): number {
  let count = 0;
  for (const list of [...Object.values(agent.sockets), ...Object.values(agent.freeSockets)]) count += list?.length ?? 0;
  return count;
}
