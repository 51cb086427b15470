// Fault plans for the fault-injecting proxy: which fault, if any, each request gets.
//
// A plan has ordered rules (method + path regex, optional probability, `skip` and `times` counts)
// and optional random rates per fault kind for requests no rule claimed. The choice for a request
// depends only on the seed, the request's arrival number and the plan's counters, never on timing,
// so the same seed and the same request sequence give the same faults.
import type { ErrorBody } from '../../shared/api/index.ts';

export const FAULT_KINDS = ['drop-before', 'drop-after', 'status', 'delay', 'truncate'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const FAULT_STATUSES = [429, 500, 502, 503] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** Every delay is bounded so that a plan can never hang a test. */
export const MAX_DELAY_MS = 30_000;
/** Retry-After sent with a 429 when the plan names none. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

export type Fault =
  /** Destroy the client's connection; the service never sees the request. */
  | { kind: 'drop-before' }
  /** Forward, wait for the service's whole response (it has committed), then destroy the client's socket. */
  | { kind: 'drop-after' }
  /** Answer without forwarding. 429 always carries Retry-After (default 1 s); 5xx only when given. */
  | { kind: 'status'; status: FaultStatus; retryAfterSeconds?: number }
  /** Hold the request `ms` before forwarding it normally. */
  | { kind: 'delay'; ms: number }
  /**
   * Forward, then send the response's headers and half its body before destroying the socket.
   * A response without a body (204, HEAD) has nothing to cut: its headers arrive whole, then the
   * connection is closed.
   */
  | { kind: 'truncate' };

/** What a rule may look at. */
export interface FaultRequest {
  method: string;
  /** Without the query string. */
  path: string;
  /** With the query string, as the client sent it. */
  url: string;
  /** Lower-case names, as Node gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface FaultRule {
  /** HTTP method, case-insensitive; absent or '*' matches any. */
  method?: string;
  /** Tested against the path without the query string, e.g. /^\/1\.1\/items$/. Absent matches any. */
  path?: RegExp;
  /** Any further condition, e.g. (r) => r.headers['idempotency-key'] === 'k1'. */
  when?: (request: FaultRequest) => boolean;
  fault: Fault;
  /** Matching requests let through untouched before the rule starts firing (default 0). */
  skip?: number;
  /** How many times the rule fires; absent means every match. */
  times?: number;
  /** Chance that an eligible match fires (default 1). */
  probability?: number;
}

export interface RandomFaults {
  /** Chance per request of each kind; their sum is at most 1. */
  rates: Partial<Record<FaultKind, number>>;
  /** Optional filter: only matching requests are eligible. */
  method?: string;
  path?: RegExp;
  /** Statuses a random `status` fault picks from (default all of FAULT_STATUSES). */
  statuses?: readonly FaultStatus[];
  /** Retry-After for random `status` faults (429 gets DEFAULT_RETRY_AFTER_SECONDS when absent). */
  retryAfterSeconds?: number;
  /** Delay of a random `delay` fault, uniform in [min, max] ms (default 50..200). */
  delayMs?: { min: number; max: number };
}

export interface FaultPlan {
  rules?: readonly FaultRule[];
  random?: RandomFaults;
}

/** Everything passes through: "the queue drains once faults stop". */
export const PASS_THROUGH: FaultPlan = Object.freeze({});

export type PlanInput = FaultPlan | 'off';

/** mulberry32: a tiny seeded generator of floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator of request number `seq`: independent of how many draws earlier requests used. */
export function requestRandom(seed: number, seq: number): () => number {
  return mulberry32((seed ^ Math.imul(seq + 1, 0x9e3779b9)) >>> 0);
}

/** A plan with its rule counters; the proxy keeps one per setPlan. */
export interface ActivePlan {
  plan: FaultPlan;
  /** Per rule: matches still to skip, and firings left (Infinity when unbounded). */
  counters: Array<{ skip: number; left: number }>;
}

export function activatePlan(input: PlanInput): ActivePlan {
  const plan = input === 'off' ? PASS_THROUGH : input;
  validatePlan(plan);
  const counters = (plan.rules ?? []).map((rule) => ({ skip: rule.skip ?? 0, left: rule.times ?? Infinity }));
  return { plan, counters };
}

const matches = (filter: { method?: string; path?: RegExp; when?: (request: FaultRequest) => boolean }, request: FaultRequest): boolean =>
  (filter.method === undefined || filter.method === '*' || filter.method.toUpperCase() === request.method.toUpperCase()) &&
  (filter.path === undefined || testRegex(filter.path, request.path)) &&
  (filter.when === undefined || filter.when(request));

// A global or sticky regex keeps lastIndex between calls; resetting it keeps matching stateless.
function testRegex(regex: RegExp, text: string): boolean {
  regex.lastIndex = 0;
  return regex.test(text);
}

/**
 * The fault for one request, or null to pass it through. Mutates the active plan's counters.
 * `random` is the request's own generator (requestRandom).
 */
export function chooseFault(active: ActivePlan, request: FaultRequest, random: () => number): Fault | null {
  const rules = active.plan.rules ?? [];
  for (const [index, rule] of rules.entries()) {
    const counter = active.counters[index];
    if (!counter || counter.left <= 0 || !matches(rule, request)) continue;
    if (counter.skip > 0) {
      counter.skip -= 1;
      continue;
    }
    // Drawn only for rules with a probability, so deterministic rules consume no randomness.
    if (rule.probability !== undefined && random() >= rule.probability) continue;
    counter.left -= 1;
    return rule.fault;
  }
  const spec = active.plan.random;
  if (!spec || !matches(spec, request)) return null;
  let roll = random();
  for (const kind of FAULT_KINDS) {
    const rate = spec.rates[kind] ?? 0;
    if (roll < rate) return randomFault(kind, spec, random);
    roll -= rate;
  }
  return null;
}

function randomFault(kind: FaultKind, spec: RandomFaults, random: () => number): Fault {
  switch (kind) {
    case 'drop-before':
    case 'drop-after':
    case 'truncate':
      return { kind };
    case 'status': {
      const statuses = spec.statuses ?? FAULT_STATUSES;
      const status = statuses[Math.floor(random() * statuses.length)] ?? 503;
      return spec.retryAfterSeconds === undefined ? { kind, status } : { kind, status, retryAfterSeconds: spec.retryAfterSeconds };
    }
    case 'delay': {
      const { min, max } = spec.delayMs ?? { min: 50, max: 200 };
      return { kind, ms: min + Math.floor(random() * (max - min + 1)) };
    }
    default: {
      const never: never = kind;
      throw new Error(`unknown fault kind ${String(never)}`);
    }
  }
}

/** Throws on a plan that could hang or that names impossible values: plans are written by tests. */
export function validatePlan(plan: FaultPlan): void {
  const problems: string[] = [];
  const probability = (label: string, value: number | undefined) => {
    if (value !== undefined && !(value >= 0 && value <= 1)) problems.push(`${label} must be within 0..1`);
  };
  const delay = (label: string, ms: number) => {
    if (!(Number.isInteger(ms) && ms >= 0 && ms <= MAX_DELAY_MS)) problems.push(`${label} must be an integer within 0..${MAX_DELAY_MS}`);
  };
  const retryAfter = (label: string, seconds: number | undefined) => {
    if (seconds !== undefined && !(Number.isInteger(seconds) && seconds >= 0)) problems.push(`${label} must be a whole number of seconds`);
  };
  for (const [i, rule] of (plan.rules ?? []).entries()) {
    probability(`rules[${i}].probability`, rule.probability);
    if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times >= 0)) problems.push(`rules[${i}].times must be a count`);
    if (rule.skip !== undefined && !(Number.isInteger(rule.skip) && rule.skip >= 0)) problems.push(`rules[${i}].skip must be a count`);
    const { fault } = rule;
    if (!FAULT_KINDS.includes(fault.kind)) problems.push(`rules[${i}].fault.kind is unknown`);
    if (fault.kind === 'delay') delay(`rules[${i}].fault.ms`, fault.ms);
    if (fault.kind === 'status') {
      if (!FAULT_STATUSES.includes(fault.status)) problems.push(`rules[${i}].fault.status must be one of ${FAULT_STATUSES.join(', ')}`);
      retryAfter(`rules[${i}].fault.retryAfterSeconds`, fault.retryAfterSeconds);
    }
  }
  const spec = plan.random;
  if (spec) {
    let sum = 0;
    for (const [kind, rate] of Object.entries(spec.rates)) {
      if (!(FAULT_KINDS as readonly string[]).includes(kind)) problems.push(`random.rates.${kind} is not a fault kind`);
      probability(`random.rates.${kind}`, rate);
      sum += rate ?? 0;
    }
    if (sum > 1 + 1e-9) problems.push('random.rates must add up to at most 1');
    if (spec.statuses && (spec.statuses.length === 0 || spec.statuses.some((s) => !FAULT_STATUSES.includes(s)))) {
      problems.push(`random.statuses must be a non-empty list of ${FAULT_STATUSES.join(', ')}`);
    }
    retryAfter('random.retryAfterSeconds', spec.retryAfterSeconds);
    if (spec.delayMs) {
      delay('random.delayMs.min', spec.delayMs.min);
      delay('random.delayMs.max', spec.delayMs.max);
      if (spec.delayMs.min > spec.delayMs.max) problems.push('random.delayMs.min must not exceed max');
    }
  }
  if (problems.length > 0) throw new Error(`invalid fault plan: ${problems.join('; ')}`);
}

const STATUS_CODES: Record<FaultStatus, { code: string; message: string }> = {
  429: { code: 'rate_limited', message: 'too many requests (injected by the fault proxy)' },
  500: { code: 'internal', message: 'internal error (injected by the fault proxy)' },
  502: { code: 'bad_gateway', message: 'bad gateway (injected by the fault proxy)' },
  503: { code: 'unavailable', message: 'service unavailable (injected by the fault proxy)' },
};

/** The service's own error body shape, so clients parse injected errors like real ones. */
export function faultStatusBody(status: FaultStatus): ErrorBody {
  const { code, message } = STATUS_CODES[status];
  return { errors: [{ field: null, code, messages: [message] }] };
}
