import type { QueueThresholds } from '@switchboard/live-protocol';
import type { QueueThresholdConfig } from '../config/threshold-settings.js';
import type { GatewayConfig } from '../config/gateway-config.js';

/** The configured thresholds of queue `id` (its own entry in QUEUE_THRESHOLDS, else the defaults). */
export function thresholdConfigOf(config: GatewayConfig, id: number): QueueThresholdConfig {
  return config.stats.thresholds[String(id)] ?? config.stats.defaultThresholds;
}

/** The thresholds of queue `id` as screens get them. */
export function thresholdsOf(config: GatewayConfig, id: number): QueueThresholds {
  const t = thresholdConfigOf(config, id);
  return {
    waiting: { warn: t.waitingWarn, critical: t.waitingCritical },
    longestWaitSec: { warn: t.longestWaitWarnSec, critical: t.longestWaitCriticalSec },
    serviceLevel: { warn: t.serviceLevelWarn, critical: t.serviceLevelCritical },
    serviceLevelSec: t.serviceLevelSec,
    maxPauseSec: t.maxPauseSec,
  };
}

/**
 * The queue poll interval the request budget can sustain: the configured interval, stretched when
 * `queueCount` queues (two requests each) would need more than their share of the budget. The share
 * is 80 % of the budget minus the conference poll, leaving room for the queue list, CDR rebuilds and
 * commands.
 */
export function sustainableQueueIntervalMs(config: GatewayConfig, queueCount: number): number {
  const rate = config.pbx.maxRequestsPerSecond;
  const conferenceRate = 1_000 / config.polling.conferenceIntervalMs;
  const share = Math.max(rate * 0.8 - conferenceRate, rate * 0.5);
  const neededMs = Math.ceil(((2 * queueCount) / share) * 1_000);
  return Math.max(config.polling.queueIntervalMs, neededMs);
}
