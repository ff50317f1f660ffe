import { Alert, Descriptions, Skeleton } from 'antd';
import { formatEffectivePeriod, type BenefitGroup, type OrganizationDetail } from '@pillar/domain';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import { describeError } from '../../shared/notifications/notify.ts';
import { useGroup } from '../../entities/organization/index.ts';

function GroupSummary({
  organization,
  groupNo,
}: {
  organization: OrganizationDetail;
  groupNo: number;
}) {
  const group = useGroup(organization.organizationNo, groupNo);
  if (group.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="This group could not be loaded."
        description={describeError(group.error).description}
      />
    );
  if (!group.data) return <Skeleton active />;
  const g = group.data;
  return (
    <Descriptions
      column={1}
      layout="vertical"
      items={[
        { key: 'name', label: 'Group Name', children: g.name },
        {
          key: 'period',
          label: 'Effective Period',
          children: formatEffectivePeriod(g.effectiveDate, g.expirationDate),
        },
        { key: 'number', label: 'Benefit Group Number', children: g.benefitGroupNo },
        { key: 'id', label: 'Benefit Group ID', children: g.benefitGroupId },
        ...(organization.supportsDependentAlternateGroup
          ? [
              {
                key: 'alternate',
                label: 'Dependent Alternate Group Number',
                children: g.dependentAlternateGroupNumber ?? 'None',
              },
            ]
          : []),
      ]}
    />
  );
}

/** The Group Summary drawer (25%, spec 1 §2 and §9). */
export function GroupSummaryDrawer({
  organization,
  group,
  onClose,
}: {
  organization: OrganizationDetail;
  group: BenefitGroup | null;
  onClose: () => void;
}) {
  return (
    <AppDrawer size="narrow" title="Group Summary" open={group !== null} onClose={onClose}>
      {group && <GroupSummary organization={organization} groupNo={group.benefitGroupNo} />}
    </AppDrawer>
  );
}
