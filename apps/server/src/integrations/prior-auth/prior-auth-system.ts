import type { Kysely } from 'kysely';
import type {
  AgadiaData,
  PaCase,
  PaInteractionLogEntry,
  PaReviewerHistoryEntry,
} from '@pillar/domain';
import type { Config } from '../../config.ts';
import type { DB } from '../../database.ts';
import { createBuiltInPriorAuthSystem } from './builtin-prior-auth-system.ts';

/** How the PA system knows a member (spec 2 §7); the birth date here is YYYY-MM-DD. */
export interface PaMember {
  alternateId: string;
  firstName: string;
  lastName: string;
  birthdate: string;
}

export interface PaCaseDetailAnswer {
  case: PaCase;
  agadiaDataOld: AgadiaData | null;
  agadiaDataNew: AgadiaData | null;
  /** The case's interaction log, oldest first. */
  data: PaInteractionLogEntry[];
}

/**
 * The prior-authorization system (Agadia in the spec) as the agent desktop reads it. One
 * implementation today: the built-in one on our own tables (decision 0096: Agadia publishes no
 * client library or public API description, so a production client is written against the
 * contract a customer's Agadia agreement gives, behind this same interface).
 *
 * Every method throws PriorAuthUnavailableError when the system cannot be reached; the service
 * turns it into a 502 with the technical-difficulties message. A case of another member is
 * `null`, never an error: the identifiers are the only key.
 */
export interface PriorAuthSystem {
  readonly kind: 'builtin';
  listCases(member: PaMember): Promise<PaCase[]>;
  caseDetail(member: PaMember, paCaseId: string): Promise<PaCaseDetailAnswer | null>;
  planHistory(member: PaMember): Promise<PaReviewerHistoryEntry[]>;
  /** Every interaction on the member's cases, newest first. */
  interventionLogs(member: PaMember): Promise<PaInteractionLogEntry[]>;
  /** One case's interaction log, oldest first; null when the case is not the member's. */
  interventionSummary(member: PaMember, paCaseId: string): Promise<PaInteractionLogEntry[] | null>;
}

/** The PA system did not answer (connection refused, timeout, outage). */
export class PriorAuthUnavailableError extends Error {
  override readonly name = 'PriorAuthUnavailableError';
}

export function createPriorAuthSystem(config: Config, db: Kysely<DB>): PriorAuthSystem {
  return createBuiltInPriorAuthSystem(db, { simulateOutage: config.priorAuth.simulateOutage });
}
