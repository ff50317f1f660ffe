import type { Kysely } from 'kysely';
import {
  ELIGIBILITY_EXPORT_MESSAGES,
  eligibilityExportFileName,
  exportMaintenanceCode,
  todayIso,
  type EligibilityExportKind,
} from '@pillar/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { canSeeOrganization } from '../../platform/auth/principal.ts';
import type { SsnProtector } from '../../platform/crypto/ssn.ts';
import { conflict, notFound } from '../../platform/http/problem.ts';
import type { MemberSummary } from '../../platform/x12/types.ts';
import { write834 } from '../../platform/x12/writer-834.ts';
import type { DB } from '../../database.ts';
import {
  exportContext,
  exportPeople,
  insertExport,
  type ExportPerson,
} from './eligibility-exports.repo.ts';

/*
 * The 834 export (issue 17, decision 0128): an organization's eligibility as a PBM receives it,
 * one 005010X220A1 interchange written by the platform's writer. A full file lists every member
 * and dependent with maintenance 030 (BGN08 4, verify); a changes file lists those with history
 * since the last export, each with the code its events call for (021 added, 024 terminated, 025
 * reinstated, 001 changed; BGN08 2). Each export is recorded: the next changes file starts there.
 */

export interface ExportDeps {
  db: Kysely<DB>;
  ssn: SsnProtector;
}

/** Pillar as the sender and the PBM as the receiver; the interchange IDs a PBM is set up with. */
const SENDER = { qualifier: 'ZZ', id: 'PILLARPBA' };
const RECEIVER = { qualifier: 'ZZ', id: 'PBM' };
const PAYER = { name: 'PHARMACY BENEFIT MANAGER', taxId: '000000000' };

/** Pillar's relationship codes (RELATIONSHIPS) as INS02: spouse 01, children 19, partner 53. */
const INS02_OF: Record<number, string> = {
  1: '18',
  2: '01',
  3: '19',
  4: '19',
  5: '19',
  6: '19',
  7: '53',
};

const d8 = (iso: string | null) => (iso ? iso.replaceAll('-', '') : undefined);

function summaryOf(p: ExportPerson, code: string, ssn: SsnProtector): MemberSummary {
  return {
    filePosition: 0,
    subscriber: p.dependent_no === null,
    relationship: INS02_OF[p.relationship] ?? '19',
    maintenanceType: code,
    subscriberId: p.generated_id,
    group: p.group_id,
    lastName: p.last_name,
    firstName: p.first_name,
    ...(p.middle_initial ? { middleName: p.middle_initial } : {}),
    ...(p.ssn_encrypted ? { ssn: ssn.decrypt(p.ssn_encrypted) } : {}),
    birthDate: d8(p.birthdate)!,
    gender: p.gender,
    coverages: [
      {
        maintenanceType: code,
        insuranceLine: 'PDG',
        begin: d8(p.effective_date)!,
        ...(p.expiration_date ? { end: d8(p.expiration_date)! } : {}),
      },
    ],
  };
}

export interface Export834 {
  fileName: string;
  text: string;
  members: number;
}

export async function export834(
  deps: ExportDeps,
  principal: Principal,
  organizationNo: number,
  kind: EligibilityExportKind,
): Promise<Export834> {
  if (!canSeeOrganization(principal, organizationNo)) throw notFound('Organization');
  return deps.db.transaction().execute(async (trx) => {
    const context = await exportContext(trx, organizationNo);
    if (!context) throw notFound('Organization');
    const asOf = context.now;
    const since = kind === 'changes' ? context.lastAsOf : null;
    const people = await exportPeople(
      trx,
      organizationNo,
      kind === 'changes' ? { since, asOf } : null,
    );
    const members = people.map((p) =>
      summaryOf(p, kind === 'full' ? '030' : exportMaintenanceCode(p.events ?? []), deps.ssn),
    );
    // 005010X220A1 requires a member loop: nothing changed is a 409, and no export is recorded.
    if (members.length === 0) throw conflict(ELIGIBILITY_EXPORT_MESSAGES.noChanges);
    const exportNo = await insertExport(trx, {
      organizationNo,
      kind,
      asOf,
      since,
      members: members.length,
      createdBy: principal.userNo,
    });
    // The file carries SSNs: who took it, and of whom, is audited (never its content).
    await writeAudit(trx, {
      actorUserNo: principal.userNo,
      action: 'eligibility-834-export',
      entity: 'organization',
      entityId: organizationNo,
      detail: { exportNo, kind, members: members.length },
    });
    const text = write834(members, {
      sender: SENDER,
      receiver: RECEIVER,
      sponsor: { name: context.name, taxId: String(organizationNo).padStart(9, '0') },
      payer: PAYER,
      controlNumber: exportNo,
      now: asOf,
      action: kind === 'full' ? '4' : '2',
    });
    return {
      fileName: eligibilityExportFileName(organizationNo, kind, todayIso(asOf)),
      text,
      members: members.length,
    };
  });
}
