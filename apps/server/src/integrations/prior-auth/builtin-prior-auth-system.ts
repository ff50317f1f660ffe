import type { Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import {
  PriorAuthUnavailableError,
  type PaMember,
  type PriorAuthSystem,
} from './prior-auth-system.ts';
import {
  findPaCase,
  listPaCases,
  listPaInteractions,
  listPaReviewerHistory,
  type PaCaseRow,
  type PaInteractionRow,
} from './prior-auth.repo.ts';
import type {
  AgadiaData,
  PaCase,
  PaInteractionLogEntry,
  PaReviewerHistoryEntry,
} from '@pillar/domain';

export interface BuiltInPriorAuthOptions {
  /**
   * Answer every call as an unreachable system would (PRIOR_AUTH_SIMULATE_OUTAGE; tests), so the
   * 502 and the web's technical-difficulties state can be shown without a real outage.
   */
  simulateOutage?: boolean;
}

/**
 * The PA system kept in our database (migration 0009): cases, their latest event, interaction
 * logs, the reviewer history and the old/new Agadia data, in the shapes the outside system sends.
 */
export function createBuiltInPriorAuthSystem(
  db: Kysely<DB>,
  options: BuiltInPriorAuthOptions = {},
): PriorAuthSystem {
  async function reach<T>(call: () => Promise<T>): Promise<T> {
    if (options.simulateOutage) {
      throw new PriorAuthUnavailableError('connect ECONNREFUSED (simulated PA system outage)');
    }
    return call();
  }

  return {
    kind: 'builtin',
    listCases: (member) => reach(async () => (await listPaCases(db, member)).map(caseOf)),
    caseDetail: (member, paCaseId) =>
      reach(async () => {
        const row = await findPaCase(db, member, paCaseId);
        if (!row) return null;
        const log = await listPaInteractions(db, member, { paCaseId, newestFirst: false });
        return {
          case: caseOf(row),
          agadiaDataOld: agadiaDataOf(row.agadia_data_old),
          agadiaDataNew: agadiaDataOf(row.agadia_data_new),
          data: log.map(entryOf),
        };
      }),
    planHistory: (member) =>
      reach(async () => (await listPaReviewerHistory(db, member)).map(reviewerOf)),
    interventionLogs: (member) =>
      reach(async () => (await listPaInteractions(db, member, { newestFirst: true })).map(entryOf)),
    interventionSummary: (member, paCaseId) =>
      reach(async () => {
        if (!(await findPaCase(db, member, paCaseId))) return null;
        const log = await listPaInteractions(db, member, { paCaseId, newestFirst: false });
        return log.map(entryOf);
      }),
  };
}

export type { PaMember };

function caseOf(row: PaCaseRow): PaCase {
  return {
    PACaseId: row.pa_case_id,
    ServiceName: row.service_name,
    Status: row.status,
    RequestDate: row.request_date,
    EventType: row.event_type,
    EventEndDate: row.event_end_date,
    CoverageStartDate: row.coverage_start_date,
    CoverageEndDate: row.coverage_end_date,
    PrescriberName: row.prescriber_name,
    PrescriberExplanation: row.prescriber_explanation,
    Outcome: row.outcome,
    IsProtectService: row.is_protect_service,
    MemberId: row.agadia_member_id,
    EventId: row.event_id,
    ReplacedByPACaseId: row.replaced_by_pa_case_id,
  };
}

function entryOf(row: PaInteractionRow): PaInteractionLogEntry {
  return {
    InterventionSummaryID: row.intervention_summary_id,
    contactdescription: row.contact_description,
    contacttype: row.contact_type,
    protectcaseassignedto: row.assigned_to,
    contactdate: new Date(row.contact_date).toISOString(),
    protectcasestatusdescription: row.status_description,
  };
}

function reviewerOf(row: { reviewer: string; eff_date: string; exp_date: string | null }) {
  return {
    reviewer: row.reviewer,
    effDate: row.eff_date,
    expDate: row.exp_date,
  } satisfies PaReviewerHistoryEntry;
}

/** JSON from the database: an object of values, or nothing. */
function agadiaDataOf(value: unknown): AgadiaData | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return value as AgadiaData;
}
