import {
  DEPENDENT_MESSAGES,
  MEMBER_HISTORY_EVENTS,
  groupSelectable,
  lifecycleDateError,
  type DependentAlternateGroupBody,
  type DependentDetail,
  type DependentRecordParams,
} from '@pillar/domain';
import type { Principal } from '../../../platform/auth/principal.ts';
import { badRequest, conflict } from '../../../platform/http/problem.ts';
import { findScopedGroupRow as findGroup } from '../../organizations/index.ts';
import { badRequestOf } from '../record-support.ts';
import { type DependentRecordDeps, refuseWhenMemberTerminated, saveDependent } from './context.ts';
import { writeDependent } from './write.ts';

/* A dependent's alternate group (decision 0047): another group of the organization, or the member's again. */

export async function changeAlternateGroup(
  deps: DependentRecordDeps,
  principal: Principal,
  params: DependentRecordParams,
  body: DependentAlternateGroupBody,
): Promise<DependentDetail> {
  return writeDependent(
    deps,
    principal,
    params,
    async (trx, { employee: { row: employee }, dependent }, today) => {
      const d = dependent.row;
      if (!employee.supports_dependent_alternate_group) {
        throw badRequest(DEPENDENT_MESSAGES.alternateGroupsNotSupported);
      }
      refuseWhenMemberTerminated(employee, today, DEPENDENT_MESSAGES.memberTerminatedEdit);
      if (d.process_status === 9) {
        throw conflict(DEPENDENT_MESSAGES.alternateGroupDependentTerminated);
      }
      const group = await findGroup(trx, principal, employee.organization_no, body.benefitGroupID);
      if (!group) throw badRequestOf({ benefitGroupID: DEPENDENT_MESSAGES.groupNotFound });
      if (group.benefit_group_no === d.group_no) {
        throw badRequestOf({ benefitGroupID: DEPENDENT_MESSAGES.sameGroup });
      }
      if (
        !groupSelectable(
          { processStatus: group.process_status, expirationDate: group.expiration_date },
          today,
        )
      ) {
        throw badRequestOf({ benefitGroupID: DEPENDENT_MESSAGES.groupTerminated });
      }
      const error = lifecycleDateError('change', body.changeDate, d.effective_date);
      if (error) throw badRequestOf({ changeDate: error });
      // Decision 0047: choosing the member's own group ends the alternate group.
      const followsMember = group.benefit_group_no === employee.benefit_group_no;
      await saveDependent(
        trx,
        principal,
        dependent,
        {
          alternate_benefit_group_no: followsMember ? null : group.benefit_group_no,
          alternate_group_effective_date: followsMember ? null : body.changeDate,
        },
        MEMBER_HISTORY_EVENTS.alternateGroupChange,
        [
          {
            field: 'alternateGroup',
            old: d.group_id,
            new: group.benefit_group_id,
          },
          { field: 'changeDate', old: d.alternate_group_effective_date, new: body.changeDate },
        ],
      );
    },
  );
}
