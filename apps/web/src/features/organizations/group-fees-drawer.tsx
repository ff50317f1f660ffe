import { Alert, Table } from 'antd';
import { formatEffectivePeriod, formatUsd, type BenefitGroup, type GroupFee } from '@pillar/domain';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import { describeError } from '../../shared/notifications/notify.ts';
import { useGroupFees } from '../../entities/organization/index.ts';

function FeeTable({ orgId, groupNo }: { orgId: number; groupNo: number }) {
  const fees = useGroupFees(orgId, groupNo);
  if (fees.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="The fees could not be loaded."
        description={describeError(fees.error).description}
      />
    );
  return (
    <Table<GroupFee>
      rowKey="feeNo"
      size="middle"
      loading={fees.isFetching}
      dataSource={fees.data?.planFees ?? []}
      pagination={false}
      locale={{ emptyText: 'This group has no fees.' }}
      columns={[
        { title: 'Fee Name', dataIndex: 'name' },
        {
          title: 'Effective Period',
          key: 'period',
          render: (_: unknown, fee) => formatEffectivePeriod(fee.effectiveDate, fee.expirationDate),
        },
        {
          title: 'Amount',
          dataIndex: 'feeAmount',
          align: 'right',
          render: (amount: string) => formatUsd(amount),
        },
      ]}
    />
  );
}

/** A group's fees (40%, spec 1 §2 and §9); an open end reads N/A. */
export function GroupFeesDrawer({
  orgId,
  group,
  onClose,
}: {
  orgId: number;
  group: BenefitGroup | null;
  onClose: () => void;
}) {
  return (
    <AppDrawer
      size="medium"
      title={group ? `Fees: ${group.name}` : 'Fees'}
      open={group !== null}
      onClose={onClose}
    >
      {group && <FeeTable orgId={orgId} groupNo={group.benefitGroupNo} />}
    </AppDrawer>
  );
}
