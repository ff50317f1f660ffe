import { Alert, Empty, Flex, Skeleton } from 'antd';
import { PLAN_INFO_MESSAGES, canLookUpAor } from '@pillar/domain';
import { describeError } from '../../../shared/notifications/notify.ts';
import { useAors, type AorLookup } from '../api/list-aors.ts';
import { AorCard } from './aor-card.tsx';

export type AorListProps = AorLookup & {
  /** The day statuses are judged on; today by default. */
  today?: string;
};

/**
 * A member's appointments of representative, newest signature first, each as an AorCard. Asks
 * nothing until memberID, orgID and employeeNo are all known (spec 2 §5).
 */
export function AorList({ today, ...lookup }: AorListProps) {
  const aors = useAors(lookup);
  if (!canLookUpAor(lookup)) return <Empty description={PLAN_INFO_MESSAGES.noData} />;
  if (aors.isPending)
    return <Skeleton active aria-label="Loading appointments of representative" />;
  if (aors.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Appointments of representative could not be loaded."
        description={describeError(aors.error).description}
      />
    );
  }
  if (aors.data.length === 0) return <Empty description={PLAN_INFO_MESSAGES.noData} />;
  return (
    <Flex vertical gap="small" role="list" aria-label="Appointments of representative">
      {aors.data.map((aor) => (
        <div role="listitem" key={aor.aorNo}>
          <AorCard aor={aor} today={today} />
        </div>
      ))}
    </Flex>
  );
}
