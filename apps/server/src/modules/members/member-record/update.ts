import {
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  PERMISSIONS,
  applyClientIdRules,
  employeeUpdateSchema,
  personCodeChangeAllowed,
  type EmployeeDetail,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { forbidden } from '../../../platform/http/problem.ts';
import { diffFields, type HistoryValue } from '../member-history.ts';
import {
  clientIdTaken,
  latestClientIdHistoryDate,
  insertClientIdHistory,
} from '../member-record.repo.ts';
import { settingsOf } from '../../organizations/index.ts';
import { parseOr400 } from '../record-support.ts';
import {
  type MemberRecordDeps,
  fieldError,
  settingsRefusals,
  setEmployee,
  employeeHistory,
} from './context.ts';
import { writeEmployee } from './write.ts';
import { saveIncentivePrograms } from './incentive-programs.ts';

/* PATCH .../employees/{id}: the member's own fields (spec 1 §4), each change in the history. */

/** The editable fields as the API names them, and their columns. */
const EDITABLE = {
  firstName: 'first_name',
  middleInitial: 'middle_initial',
  lastName: 'last_name',
  birthdate: 'birthdate',
  gender: 'gender',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  phone: 'phone',
  email: 'email',
  personCode: 'person_code',
  clientId: 'client_id',
  clientDefinedData: 'client_defined_data',
  isCOBSecondary: 'is_cob_secondary',
  cobSecondaryDate: 'cob_effective_date',
  cobPrimaryDate: 'cob_termination_date',
} as const;
type EditableField = keyof typeof EDITABLE;

export async function updateEmployee(
  deps: MemberRecordDeps,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
  rawBody: unknown,
): Promise<EmployeeDetail> {
  return writeEmployee(deps, principal, organizationNo, employeeNo, async (trx, employee) => {
    const { row } = employee;
    const settings = settingsOf(row);
    const body = parseOr400(
      employeeUpdateSchema(settings, { isCOBMandatory: row.is_cob_mandatory }),
      rawBody,
    );
    settingsRefusals(settings, body);
    // Whoever may not see the SSN may not overwrite it blind (the form does not offer it either).
    if (body.ssn !== undefined && !principal.permissions.has(PERMISSIONS.viewSsn)) {
      throw forbidden('Changing an SSN needs the permission to view SSNs.');
    }
    if (!personCodeChangeAllowed(row.person_code, body.personCode, row.allow_person_code_edit)) {
      fieldError('personCode', MEMBER_RECORD_MESSAGES.personCodeNotEditable);
    }
    const next: Partial<Record<EditableField, HistoryValue>> = {
      firstName: body.firstName,
      middleInitial:
        body.middleInitial === undefined ? undefined : (body.middleInitial?.toUpperCase() ?? null),
      lastName: body.lastName,
      birthdate: body.birthdate,
      gender: body.gender,
      address1: body.address1,
      address2: body.address2,
      city: body.city,
      state: body.state,
      zip: body.zip,
      phone: body.phone,
      email: body.email,
      personCode: body.personCode,
      clientId:
        body.clientId === undefined ? undefined : applyClientIdRules(body.clientId, settings),
      clientDefinedData: body.clientDefinedData,
    };
    if (settings.useCOB && body.isCOBSecondary !== undefined) {
      next.isCOBSecondary = body.isCOBSecondary === true;
      next.cobSecondaryDate = body.cobSecondaryDate;
      next.cobPrimaryDate = body.cobPrimaryDate;
    }
    const before: Record<EditableField, HistoryValue> = {
      firstName: row.first_name,
      middleInitial: row.middle_initial,
      lastName: row.last_name,
      birthdate: row.birthdate,
      gender: row.gender,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      state: row.state,
      zip: row.zip,
      phone: row.phone,
      email: row.email,
      personCode: row.person_code,
      clientId: row.client_id,
      clientDefinedData: row.client_defined_data,
      isCOBSecondary: row.is_cob_secondary,
      cobSecondaryDate: row.cob_effective_date,
      cobPrimaryDate: row.cob_termination_date,
    };
    const changes = diffFields(before, next, Object.keys(EDITABLE));
    const newClientId = next.clientId as string | null | undefined;
    if (
      newClientId &&
      newClientId !== row.client_id &&
      (await clientIdTaken(trx, organizationNo, newClientId, employeeNo))
    ) {
      fieldError('clientId', MEMBER_RECORD_MESSAGES.clientIdTaken);
    }
    const set: Record<string, unknown> = {};
    for (const change of changes) {
      const field = change.field as EditableField;
      set[EDITABLE[field]] = next[field] ?? null;
    }
    if (body.ssn !== undefined) {
      const digits = body.ssn.replace(/-/g, '');
      const current = row.ssn_encrypted ? deps.ssn.decrypt(row.ssn_encrypted) : null;
      if (digits !== current) {
        set.ssn_encrypted = deps.ssn.encrypt(digits);
        set.ssn_hash = deps.ssn.searchHash(digits);
        changes.push({ field: 'ssn', oldValue: current, newValue: digits });
      }
    }
    if (changes.some((c) => c.field === 'clientId') && row.client_id) {
      const since = (await latestClientIdHistoryDate(trx, employee)) ?? row.original_effective_date;
      await insertClientIdHistory(trx, {
        employee,
        historicalId: row.client_id,
        effectiveDate: since,
        userNo: principal.userNo,
      });
    }
    if (Object.keys(set).length > 0) {
      await setEmployee(trx, principal, employee, set);
    }
    const programChanges = await saveIncentivePrograms(
      trx,
      principal,
      row.benefit_group_no,
      employee,
      body.incentivePrograms,
    );
    await employeeHistory(trx, principal, employee, MEMBER_HISTORY_EVENTS.update, [
      ...changes,
      ...programChanges,
    ]);
  });
}
