import { METRICS_PREFIX } from '@store-cloud/contracts';
import {
  createMetricsRegistry,
  DURATION_BUCKETS,
  httpRequestHistogram,
} from '@store-cloud/node-kit';
import { Counter, Gauge, Histogram } from 'prom-client';

/**
 * The backend's Prometheus series (docs/operating.md#metrics-and-monitoring), one registry per
 * process: the code that does the work records into them directly, as it records a log line.
 * Labels are bounded: outcomes, states, queue names, company ids and backup server names; never
 * a user, an e-mail address, a token, a path or a store id (stores are unbounded).
 */
export const registry = createMetricsRegistry();

const name = (suffix: string) => `${METRICS_PREFIX}${suffix}`;
const registers = [registry];

export const BACKEND_METRICS = {
  http: httpRequestHistogram(registry),

  // --- stores (tentacles) ---
  pings: new Counter({
    name: name('pings_received_total'),
    help: 'Pings received from stores, by outcome (ok: recorded; refused: malformed or not recorded)',
    labelNames: ['outcome'] as const,
    registers,
  }),
  pingAck: new Histogram({
    name: name('ping_ack_seconds'),
    help: 'Time from a ping received to its acknowledgement (the online list written)',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  }),

  // --- relay to stores ---
  relayedCalls: new Histogram({
    name: name('relayed_call_duration_seconds'),
    help: 'Calls relayed to a store, by outcome (answered, held, offline, timeout, unreachable, error)',
    labelNames: ['outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  }),

  // --- login ---
  logins: new Counter({
    name: name('logins_total'),
    help: 'Portal logins by outcome (success, disabled, invalid, limited, error)',
    labelNames: ['outcome'] as const,
    registers,
  }),
  loginLimitsHit: new Counter({
    name: name('login_limits_hit_total'),
    help: 'Logins refused by a login limit, by limit (name_address, address, name)',
    labelNames: ['limit'] as const,
    registers,
  }),

  // --- jobs (where they run: the worker) ---
  jobDuration: new Histogram({
    name: name('job_duration_seconds'),
    help: 'BullMQ jobs run, by queue and outcome (completed, failed)',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers,
  }),
  jobFailures: new Counter({
    name: name('job_failures_total'),
    help: 'BullMQ job attempts that failed, by queue',
    labelNames: ['queue'] as const,
    registers,
  }),
  scheduleStepLateness: new Histogram({
    name: name('schedule_step_lateness_seconds'),
    help: 'How long after its time a media schedule step (start, end) ran',
    labelNames: ['step'] as const,
    buckets: [1, 5, 15, 60, 300, 900, 3600],
    registers,
  }),
  scheduleStepsLate: new Counter({
    name: name('schedule_steps_late_total'),
    help: 'Media schedule steps that ran more than a minute after their time, by step',
    labelNames: ['step'] as const,
    registers,
  }),

  // --- the cluster's state, read by processes that run jobs (FleetGauges) ---
  storesOnline: new Gauge({
    name: name('stores_online'),
    help: 'Stores in the online list, by company',
    labelNames: ['company'] as const,
    registers,
  }),
  storesRegistered: new Gauge({
    name: name('stores_registered'),
    help: 'Stores in the master data (retailstores)',
    registers,
  }),
  portalConnections: new Gauge({
    name: name('portal_connections_open'),
    help: 'Portal connections to stores that are open',
    registers,
  }),
  heldMessages: new Gauge({
    name: name('held_messages_waiting'),
    help: 'Relayed calls held for offline stores, not yet delivered (held or delivering)',
    registers,
  }),
  deliveries: new Gauge({
    name: name('message_deliveries'),
    help: 'Target sites of message sends, by state',
    labelNames: ['state'] as const,
    registers,
  }),
  queueJobs: new Gauge({
    name: name('queue_jobs'),
    help: 'BullMQ jobs by queue and state (waiting, delayed, active, failed)',
    labelNames: ['queue', 'state'] as const,
    registers,
  }),
  backupAge: new Gauge({
    name: name('backup_age_seconds'),
    help: 'Seconds since the newest completed backup job, by backup server name',
    labelNames: ['server'] as const,
    registers,
  }),
  fleetRead: new Gauge({
    name: name('fleet_gauges_read_timestamp_seconds'),
    help: 'When the cluster gauges were last read from the database and Redis',
    registers,
  }),
};

/** A schedule step this late counts in scheduleStepsLate. */
export const SCHEDULE_STEP_LATE_SECONDS = 60;
