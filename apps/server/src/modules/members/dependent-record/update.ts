import type { Updateable } from 'kysely';
import {
  DEPENDENT_MESSAGES,
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  PERMISSIONS,
  SSN_HISTORY_VALUE,
  dependentUpdateSchema,
  personCodeChangeAllowed,
  type DependentDetail,
  type DependentRecordParams,
  type DependentSsnBody,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { forbidden } from '../../../platform/http/problem.ts';
import type { DependentTable } from '../members.tables.ts';
import { settingsOf } from '../../organizations/index.ts';
import { badRequestOf, parseOr400 } from '../record-support.ts';
import {
  type DependentRecordDeps,
  type HistoryChange,
  refuseUnsupported,
  refuseWhenMemberTerminated,
  saveDependent,
} from './context.ts';
import { writeDependent } from './write.ts';

/* Edits of a dependent: the record (each changed field in the history) and the SSN alone. */

function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

export async function updateDependentRecord(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  body: unknown,
): Promise<DependentDetail> {
  return writeDependent(
    deps,
    principal,
    params,
    async (trx, { employee: { row: employee }, dependent }, today) => {
      const d = dependent.row;
      const settings = settingsOf(employee);
      const input = parseOr400(
        dependentUpdateSchema(settings, {
          allowPersonCodeEdit: d.allow_person_code_edit,
          isCOBMandatory: d.is_cob_mandatory,
        }),
        body,
      );
      refuseUnsupported(input, settings);
      refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.memberTerminatedEdit);
      if (input.ssn !== undefined && !principal.permissions.has(PERMISSIONS.viewSsn)) {
        throw forbidden('Changing an SSN needs the permission to view SSNs.');
      }
      if (!personCodeChangeAllowed(d.person_code, input.personCode, d.allow_person_code_edit)) {
        throw badRequestOf({ personCode: MEMBER_RECORD_MESSAGES.personCodeNotEditable });
      }

      const set: Updateable<DependentTable> = {};
      const changes: HistoryChange[] = [];
      const apply = (
        field: string,
        column: keyof DependentTable,
        next: unknown,
        current: unknown,
      ) => {
        if (next === undefined) return;
        if ((next ?? null) === (current ?? null)) return;
        (set as Record<string, unknown>)[column] = next;
        changes.push({ field, old: text(current), new: text(next) });
      };
      apply('firstName', 'first_name', input.firstName, d.first_name);
      apply(
        'middleInitial',
        'middle_initial',
        input.middleInitial === undefined
          ? undefined
          : (input.middleInitial?.toUpperCase() ?? null),
        d.middle_initial,
      );
      apply('lastName', 'last_name', input.lastName, d.last_name);
      apply('birthdate', 'birthdate', input.birthdate, d.birthdate);
      apply('gender', 'gender', input.gender, d.gender);
      if (input.relationship !== null) {
        apply('relationship', 'relationship', input.relationship, d.relationship);
      }
      apply('personCode', 'person_code', input.personCode, d.person_code);
      if (settings.SupportsDifferentDependentAddress) {
        apply('address1', 'address1', input.address1, d.address1);
        apply('address2', 'address2', input.address2, d.address2);
        apply('city', 'city', input.city, d.city);
        apply('state', 'state', input.state, d.state);
        apply('zip', 'zip', input.zip, d.zip);
      }
      if (settings.supportsClientDefinedData) {
        apply(
          'clientDefinedData',
          'client_defined_data',
          input.clientDefinedData,
          d.client_defined_data,
        );
      }
      if (settings.useCOB) {
        apply(
          'isCOBSecondary',
          'is_cob_secondary',
          input.isCOBSecondary === undefined ? undefined : input.isCOBSecondary === true,
          d.is_cob_secondary,
        );
        apply(
          'cobSecondaryDate',
          'cob_effective_date',
          input.cobSecondaryDate,
          d.cob_effective_date,
        );
        apply(
          'cobPrimaryDate',
          'cob_termination_date',
          input.cobPrimaryDate,
          d.cob_termination_date,
        );
      }
      if (input.ssn !== undefined) {
        set.ssn_encrypted = deps.ssn.encrypt(input.ssn);
        set.ssn_hash = deps.ssn.searchHash(input.ssn);
        changes.push({ field: 'ssn', old: null, new: SSN_HISTORY_VALUE });
      }
      if (changes.length === 0) return;
      await saveDependent(trx, principal, dependent, set, MEMBER_HISTORY_EVENTS.update, changes);
    },
  );
}

export async function updateDependentSsn(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  body: DependentSsnBody,
): Promise<DependentDetail> {
  return writeDependent(
    deps,
    principal,
    params,
    async (trx, { employee: { row: employee }, dependent }, today) => {
      const d = dependent.row;
      const settings = settingsOf(employee);
      refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.memberTerminatedEdit);
      if (body.ssn === null && settings.requireDependentSSN) {
        throw badRequestOf({ ssn: 'SSN is required' });
      }
      const set: Updateable<DependentTable> =
        body.ssn === null
          ? { ssn_encrypted: null, ssn_hash: null }
          : { ssn_encrypted: deps.ssn.encrypt(body.ssn), ssn_hash: deps.ssn.searchHash(body.ssn) };
      if (body.ssn === null && !d.ssn_encrypted) return;
      await saveDependent(trx, principal, dependent, set, MEMBER_HISTORY_EVENTS.update, [
        {
          field: 'ssn',
          old: d.ssn_encrypted ? SSN_HISTORY_VALUE : null,
          new: body.ssn === null ? null : SSN_HISTORY_VALUE,
        },
      ]);
    },
  );
}
