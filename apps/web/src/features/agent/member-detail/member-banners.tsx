import { Alert } from 'antd';
import {
  MEMBER_DETAIL_TEXT,
  showsHipaaBanner,
  statusBanner,
  todayIso,
  type DependentDetail,
  type EmployeeDetail,
} from '@pillar/domain';

/**
 * The main area's warning banners (spec 2 §2, §5): the person's status (terminated, future
 * termination, pending), and the HIPAA banner for a confidential dependent aged 13 to 17.
 * `isConfidential` is the members hub's answer for the dependent (undefined while unknown).
 */
export function MemberBanners({
  employee,
  dependent,
  isConfidential,
}: {
  employee: EmployeeDetail;
  dependent: DependentDetail | undefined;
  isConfidential: boolean | undefined;
}) {
  const person = dependent ?? employee;
  const today = todayIso();
  const status = statusBanner(person.processStatus, person.expirationDate, today);
  const hipaa = dependent
    ? showsHipaaBanner({ isDependent: true, isConfidential, birthdate: dependent.birthdate }, today)
    : false;
  if (!status && !hipaa) return null;
  return (
    <div className="agent-banners">
      {hipaa && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-banner="hipaa"
          title={MEMBER_DETAIL_TEXT.hipaaTitle}
          description={MEMBER_DETAIL_TEXT.hipaaBody}
        />
      )}
      {status && (
        <Alert
          type={status.type}
          showIcon
          data-banner={status.kind}
          title={status.title}
          description={status.message}
        />
      )}
    </div>
  );
}
