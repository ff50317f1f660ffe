/*
 * The prior-authorization entity's public surface (spec 2 §2 "Member detail", §4, §7; decision
 * 0096): the calls to the PA system through the portal service and the communication manager,
 * and the blocks the agent's member detail places. Features and other entities import only this
 * file; its query keys all start at priorAuthKeys.all.
 *
 * Blocks (H12F places them on the member detail):
 * - `<PriorAuthHistory member={{ alternateId, firstName, lastName, birthdate }} />`: the 'Prior
 *   Auth History' tab. `alternateId` is the member's alternate ID, or their generated ID when they
 *   have none (a dependent passes the member's ID with their own names and birth date,
 *   YYYY-MM-DD). Asks nothing until all four are known (spec 2 §5). The case ID opens the
 *   Authorization Detail drawer itself.
 * - `<AuthorizationDetailDrawer member={...} paCaseId={id} open onClose={...} />`: the same
 *   drawer, for a page that opens a case from elsewhere (e.g. a note's EOC).
 */
export { priorAuthKeys } from './query-keys.ts';
export {
  getInterventionSummary,
  getPriorAuthCase,
  getPriorAuthPlanHistory,
  interventionLogsQueryOptions,
  listInterventionLogs,
  listPriorAuthCases,
  priorAuthCaseQueryOptions,
  priorAuthCasesQueryOptions,
  priorAuthPlanHistoryQueryOptions,
  priorAuthRetry,
  useInterventionLogs,
  usePriorAuthCase,
  usePriorAuthCases,
  usePriorAuthPlanHistory,
  type PaCaseList,
  type PaInteractionLog,
  type PaReviewerHistory,
} from './api/prior-auth-calls.ts';
export { PriorAuthHistory, type PriorAuthHistoryProps } from './ui/prior-auth-history.tsx';
export {
  AuthorizationDetailDrawer,
  type AuthorizationDetailDrawerProps,
  type PaMemberRecord,
} from './ui/authorization-detail-drawer.tsx';
export { PaStatusTag } from './ui/pa-status-tag.tsx';
