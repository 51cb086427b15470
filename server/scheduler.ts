// Background jobs that move state by time alone: items close at closingTime, waiting items are
// published at listTime, offers expire. Each job is a domain function taking `now`, so tests can
// run them directly; this timer only calls them.
import type { FastifyBaseLogger } from 'fastify';
import type { Service } from './service.ts';
import { runTimedTransitions } from './domain/timed-transitions.ts';

export interface Scheduler {
  stop(): void;
}

export function startScheduler(service: Service, intervalMs: number, log: FastifyBaseLogger): Scheduler {
  const tick = () => {
    try {
      runTimedTransitions(service, service.clock.now());
    } catch (err) {
      log.error({ err }, 'scheduled transitions failed');
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
