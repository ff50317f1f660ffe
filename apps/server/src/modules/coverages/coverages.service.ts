import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  COVERAGE_MESSAGES,
  MEMBER_CARD_SENDERS,
  MEMBER_HISTORY_EVENTS,
  TEMP_CARD_IP_MAX_FAILURES,
  TEMP_CARD_IP_WINDOW_MINUTES,
  TEMP_CARD_LINK_HOURS,
  TEMP_CARD_LINK_SENT,
  TEMP_CARD_MAX_ATTEMPTS,
  TEMP_CARD_MESSAGES,
  coveragePeriodOf,
  formatDate,
  matchesCardholder,
  tempCardFileName,
  todayIso,
  yesNo,
  type Coverage,
  type CoverageList,
  type EmailTempCardRequest,
  type NewCardAnswer,
  type TempCardLinkSentAnswer,
  type TempCardLinkState,
  type TempCardVerifyRequest,
  type TempIdCard,
} from '@pillar/domain';
import type { Config } from '../../config.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';
import {
  HttpProblem,
  badRequest,
  conflict,
  forbidden,
  notFound,
} from '../../platform/http/problem.ts';
import type { MailService } from '../../platform/mail/mail-service.ts';
import { requireEmployee, writeMemberHistory, type ScopedEmployee } from '../members/index.ts';
import {
  claimLink,
  countFailedAttempt,
  countRecentFailures,
  findCoverage,
  findDefaultCardCoverage,
  findLinkByHash,
  findLinkCardholder,
  findLinkedCoverage,
  insertNewCardRequest,
  insertTempCardLink,
  listCoverages,
  recordVerifyFailure,
  type CoverageRow,
  type Cardholder,
  type LinkRow,
} from './coverages.repo.ts';
import { renderTempCardPdf } from './temp-card-pdf.ts';

export interface CoveragesDeps {
  db: Kysely<DB>;
  config: Config;
  mail: MailService;
  /** Today as YYYY-MM-DD; a parameter so tests can pin it. */
  today?: () => string;
}

export interface PdfFile {
  fileName: string;
  body: Buffer;
}

function todayOf(deps: CoveragesDeps): string {
  return deps.today ? deps.today() : todayIso();
}

function toCoverage(row: CoverageRow): Coverage {
  return {
    coverageNo: row.coverage_no,
    groupId: row.group_id,
    name: row.name,
    groupIdAndName: `${row.group_id} - ${row.name}`,
    alternateID: row.alternate_id,
    hdhp: yesNo(row.hdhp),
    coveragePeriod: coveragePeriodOf(row.effective_date, row.expiration_date),
    groupNumber: row.group_number,
    contractNumber: row.contract_number,
    effectiveDate: row.effective_date,
    expirationDate: row.expiration_date,
    supportsTempCard: row.supports_temp_card,
    supportsNewCardRequest: row.supports_new_card_request,
    newCard: row.requested_at !== null,
    newCardRequestedAt: row.requested_at ? new Date(row.requested_at).toISOString() : null,
  };
}

function cardholderName(employee: Cardholder): string {
  return [employee.first_name, employee.middle_initial, employee.last_name]
    .filter(Boolean)
    .join(' ');
}

function toCard(employee: Cardholder, row: CoverageRow): TempIdCard {
  return {
    coverageNo: row.coverage_no,
    planName: row.name,
    name: cardholderName(employee),
    // The PBM's alternate ID where the coverage has one, else the member ID Pillar generates.
    idNumber: row.alternate_id ?? employee.generated_id,
    rxBin: row.rx_bin,
    rxPcn: row.rx_pcn,
    rxGrp: row.rx_grp,
    customerServicePhone: row.customer_service_phone,
    helpDeskPhone: row.help_desk_phone,
  };
}

/** GET .../coverages */
export async function listEmployeeCoverages(
  deps: CoveragesDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<CoverageList> {
  const employee = await requireEmployee(deps.db, principal, organizationNo, employeeNo);
  const rows = await listCoverages(deps.db, employee);
  return { data: rows.map(toCoverage) };
}

/**
 * The coverage a card is for: the one named (it must be the member's, offer a temp card and
 * not have ended), or the newest current one that offers a card.
 */
async function cardCoverage(
  deps: CoveragesDeps,
  employee: ScopedEmployee,
  coverageNo: number | undefined,
): Promise<CoverageRow> {
  const today = todayOf(deps);
  if (coverageNo === undefined) {
    const row = await findDefaultCardCoverage(deps.db, employee, today);
    if (!row) throw notFound('Coverage');
    return row;
  }
  const row = await findCoverage(deps.db, employee, coverageNo);
  if (!row) throw notFound('Coverage');
  if (!row.supports_temp_card) {
    throw badRequest(TEMP_CARD_MESSAGES.noTempCard, { coverageNo: TEMP_CARD_MESSAGES.noTempCard });
  }
  if (row.expiration_date !== null && row.expiration_date < today) {
    throw badRequest(TEMP_CARD_MESSAGES.coverageEnded, {
      coverageNo: TEMP_CARD_MESSAGES.coverageEnded,
    });
  }
  return row;
}

/** GET .../tempIDCard */
export async function getTempCard(
  deps: CoveragesDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  coverageNo: number | undefined,
): Promise<TempIdCard> {
  const employee = await requireEmployee(deps.db, principal, organizationNo, employeeNo);
  return toCard(employee.row, await cardCoverage(deps, employee, coverageNo));
}

/**
 * Sending a card outside the portal (a new card, an e-mailed link) is for member editors and for
 * agents, whose job on the phone it is (decision 0097); member viewers only read and download.
 */
function canSendCards(principal: Principal): boolean {
  return MEMBER_CARD_SENDERS.some((p) => principal.permissions.has(p));
}

/** POST .../coverages/{coverageId}/new-card: one request per coverage (409 after that). */
export async function requestNewCard(
  deps: CoveragesDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  coverageNo: number,
): Promise<NewCardAnswer> {
  // Before the scope check, as when the route itself asked for the edit permission.
  if (!canSendCards(principal)) throw forbidden(TEMP_CARD_MESSAGES.newCardNeedsEdit);
  const employee = await requireEmployee(deps.db, principal, organizationNo, employeeNo);
  const row = await findCoverage(deps.db, employee, coverageNo);
  if (!row) throw notFound('Coverage');
  if (!row.supports_new_card_request) throw badRequest(TEMP_CARD_MESSAGES.noNewCard);
  // Coverage follows eligibility (decision 0074): no new card for a coverage that has ended.
  if (row.expiration_date !== null && row.expiration_date < todayOf(deps)) {
    throw conflict(COVERAGE_MESSAGES.newCardCoverageEnded);
  }
  if (row.requested_at) throw conflict(TEMP_CARD_MESSAGES.alreadyRequested);
  return deps.db.transaction().execute(async (tx) => {
    const inserted = await insertNewCardRequest(tx, row, principal.userNo);
    if (!inserted) throw conflict(TEMP_CARD_MESSAGES.alreadyRequested);
    await writeMemberHistory(tx, {
      changedBy: principal.userNo,
      target: employee,
      event: MEMBER_HISTORY_EVENTS.newCardRequested,
      changes: [{ field: 'coverage', oldValue: null, newValue: row.name }],
    });
    await writeAudit(tx, {
      actorUserNo: principal.userNo,
      action: 'coverage.new_card_requested',
      entity: 'coverage',
      entityId: coverageNo,
      detail: { organizationNo, employeeNo },
    });
    return {
      coverageNo,
      newCard: true as const,
      newCardRequestedAt: new Date(inserted.requested_at).toISOString(),
    };
  });
}

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The page an e-mailed token opens: the web app's public claim page. */
export function tempCardLinkUrl(config: Config, token: string): string {
  return `${config.publicUrl}/id-card/${token}`;
}

export type EmailTempCardResult =
  { kind: 'pdf'; file: PdfFile } | { kind: 'link'; answer: TempCardLinkSentAnswer };

/**
 * POST .../emailTempCard. withVerification false answers the card as a PDF (a read: member
 * view permission). withVerification true e-mails a 24-hour link to the recipient, which sends
 * member data outside the portal, so it needs the member edit permission; the blind copy may
 * only go to the user's own address, the one thing the screen offers ('BCC Myself?').
 */
export async function emailTempCard(
  deps: CoveragesDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  request: EmailTempCardRequest,
): Promise<EmailTempCardResult> {
  const employee = await requireEmployee(deps.db, principal, organizationNo, employeeNo);
  if (request.withVerification && !canSendCards(principal)) {
    throw forbidden(TEMP_CARD_MESSAGES.emailNeedsEdit);
  }
  const row = await cardCoverage(deps, employee, request.coverageNo);
  const card = toCard(employee.row, row);

  if (!request.withVerification) {
    const body = await renderTempCardPdf(card, formatDate(todayOf(deps)));
    await writeAudit(deps.db, {
      actorUserNo: principal.userNo,
      action: 'temp_card.downloaded',
      entity: 'coverage',
      entityId: row.coverage_no,
      detail: { organizationNo, employeeNo },
    });
    return { kind: 'pdf', file: { fileName: tempCardFileName(card.idNumber), body } };
  }

  const bcc = request.bccEmail ?? [];
  if (bcc.some((address) => address.toLowerCase() !== principal.username.toLowerCase())) {
    throw badRequest(TEMP_CARD_MESSAGES.bccOwnOnly, { bccEmail: TEMP_CARD_MESSAGES.bccOwnOnly });
  }
  const recipient = request.recipientEmail.trim();
  const token = crypto.randomBytes(32).toString('base64url');
  const link = await deps.db.transaction().execute(async (tx) => {
    const inserted = await insertTempCardLink(tx, {
      tokenHash: hashToken(token),
      employee,
      coverageNo: row.coverage_no,
      organizationNo,
      recipientEmail: recipient,
      hours: TEMP_CARD_LINK_HOURS,
      userNo: principal.userNo,
    });
    await writeAudit(tx, {
      actorUserNo: principal.userNo,
      action: 'temp_card.link_sent',
      entity: 'temp_card_link',
      entityId: inserted.link_no,
      detail: { organizationNo, employeeNo, coverageNo: row.coverage_no, bcc: bcc.length > 0 },
    });
    return inserted;
  });
  // The message names no member: whoever reads it must still answer the three questions.
  await deps.mail.enqueue({
    to: [recipient],
    bcc,
    subject: 'A temporary pharmacy ID card has been shared with you',
    text: [
      'Hello,',
      '',
      `${principal.firstName} ${principal.lastName} has shared a temporary pharmacy ID card with you through Pillar.`,
      `Open this link within ${TEMP_CARD_LINK_HOURS} hours:`,
      '',
      tempCardLinkUrl(deps.config, token),
      '',
      'To download the card, enter the last name, date of birth and zip code of the primary',
      `cardholder (the covered employee). After ${TEMP_CARD_MAX_ATTEMPTS} wrong answers the link stops working.`,
      '',
      'If you did not expect this e-mail, you can ignore it.',
    ].join('\n'),
  });
  return {
    kind: 'link',
    answer: { message: TEMP_CARD_LINK_SENT, expiresAt: new Date(link.expires_at).toISOString() },
  };
}

// ---------------------------------------------------------------- the public link

function stateOf(link: LinkRow): TempCardLinkState['state'] {
  if (link.used_at) return 'used';
  if (link.locked_at) return 'locked';
  if (link.expired) return 'expired';
  return 'valid';
}

const STATE_MESSAGES = {
  valid: null,
  used: TEMP_CARD_MESSAGES.used,
  locked: TEMP_CARD_MESSAGES.locked,
  expired: TEMP_CARD_MESSAGES.expired,
} as const;

async function linkOrNotFound(deps: CoveragesDeps, token: string): Promise<LinkRow> {
  const link = await findLinkByHash(deps.db, hashToken(token));
  if (!link) throw new HttpProblem(404, 'Not Found', TEMP_CARD_MESSAGES.notFound);
  return link;
}

/** GET the link's state: nothing about the member before the answers are checked. */
export async function tempCardLinkState(
  deps: CoveragesDeps,
  token: string,
): Promise<TempCardLinkState> {
  const link = await linkOrNotFound(deps, token);
  const state = stateOf(link);
  return {
    state,
    expiresAt: new Date(link.expires_at).toISOString(),
    attemptsLeft: Math.max(0, TEMP_CARD_MAX_ATTEMPTS - link.failed_attempts),
    message: STATE_MESSAGES[state],
  };
}

function refuseClosed(state: TempCardLinkState['state']): void {
  if (state === 'expired') throw new HttpProblem(410, 'Gone', TEMP_CARD_MESSAGES.expired);
  if (state === 'used') throw new HttpProblem(410, 'Gone', TEMP_CARD_MESSAGES.used);
  if (state === 'locked') throw new HttpProblem(423, 'Locked', TEMP_CARD_MESSAGES.locked);
}

/**
 * POST the answers. All three right: the card as a PDF, and the link is used up. A wrong
 * answer counts against the link (locked at the fifth) and against the client's address (429
 * past TEMP_CARD_IP_MAX_FAILURES within the window), and says only that the answers do not
 * match, never which one.
 */
export async function verifyTempCardLink(
  deps: CoveragesDeps,
  token: string,
  answers: TempCardVerifyRequest,
  clientIp: string,
): Promise<PdfFile> {
  const failures = await countRecentFailures(deps.db, clientIp, TEMP_CARD_IP_WINDOW_MINUTES);
  if (failures >= TEMP_CARD_IP_MAX_FAILURES) {
    throw new HttpProblem(429, 'Too Many Requests', TEMP_CARD_MESSAGES.throttled);
  }
  const link = await linkOrNotFound(deps, token);
  refuseClosed(stateOf(link));
  const employee = await findLinkCardholder(deps.db, link);
  const row = employee ? await findLinkedCoverage(deps.db, link) : undefined;
  if (!employee || !row) throw new HttpProblem(404, 'Not Found', TEMP_CARD_MESSAGES.notFound);

  const match = matchesCardholder(
    { lastName: employee.last_name, birthdate: employee.birthdate, zip: employee.zip },
    answers,
  );
  if (!match) {
    const counted = await deps.db.transaction().execute(async (tx) => {
      const updated = await countFailedAttempt(tx, link.link_no, TEMP_CARD_MAX_ATTEMPTS);
      // Only the window counts: older failures of this address are dropped as new ones come.
      await recordVerifyFailure(tx, clientIp, link.link_no, TEMP_CARD_IP_WINDOW_MINUTES);
      await writeAudit(tx, {
        actorUserNo: null,
        action: updated?.locked_at ? 'temp_card.link_locked' : 'temp_card.link_refused',
        entity: 'temp_card_link',
        entityId: link.link_no,
        detail: { ip: clientIp, attempts: updated?.failed_attempts ?? null },
      });
      return updated;
    });
    if (!counted || counted.locked_at) {
      throw new HttpProblem(423, 'Locked', TEMP_CARD_MESSAGES.locked);
    }
    const left = TEMP_CARD_MAX_ATTEMPTS - counted.failed_attempts;
    const message = TEMP_CARD_MESSAGES.wrongAnswers(left);
    throw badRequest(message, { answers: message });
  }

  // Claim the link before answering, so two posts of the same link cannot both succeed.
  const claimed = await deps.db.transaction().execute(async (tx) => {
    const used = await claimLink(tx, link.link_no);
    if (used) {
      await writeAudit(tx, {
        actorUserNo: null,
        action: 'temp_card.link_used',
        entity: 'temp_card_link',
        entityId: link.link_no,
        detail: { ip: clientIp, coverageNo: link.coverage_no },
      });
    }
    return used;
  });
  if (!claimed) throw new HttpProblem(410, 'Gone', TEMP_CARD_MESSAGES.used);
  const card = toCard(employee, row);
  const body = await renderTempCardPdf(card, formatDate(todayOf(deps)));
  return { fileName: tempCardFileName(card.idNumber), body };
}
