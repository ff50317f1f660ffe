import { Descriptions } from 'antd';
import { Link } from 'react-router';
import { formatDate, type DependentDetail, type EmployeeDetail } from '@pillar/domain';
import { PanelCard } from '../../../shared/page/panel-card.tsx';

/** Organization (spec 2 §2): the member's organization, group, division and benefit package. */
export function OrganizationCard({
  employee,
  dependent,
}: {
  employee: EmployeeDetail;
  dependent: DependentDetail | undefined;
}) {
  // A dependent in an alternate group shows that group, when the reader may see it.
  const group =
    dependent && dependent.groupVisible && dependent.groupId
      ? { id: dependent.groupId, name: dependent.groupName ?? '' }
      : { id: employee.groupId, name: employee.groupName };
  return (
    <PanelCard block="agent-panel" title="Organization">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'organization',
            label: 'Organization',
            children: (
              <Link to={`/agent/${employee.organizationNo}`}>{employee.organizationName}</Link>
            ),
          },
          { key: 'group', label: 'Group', children: `${group.id} - ${group.name}` },
          {
            key: 'groupEffective',
            label: 'Group Effective Date',
            children: formatDate(employee.groupEffectiveDate),
          },
          ...(employee.settings.supportsDivisions
            ? [
                {
                  key: 'division',
                  label: 'Division',
                  children: employee.divisionId
                    ? `${employee.divisionId} - ${employee.divisionName ?? ''}`
                    : '—',
                },
                {
                  key: 'package',
                  label: 'Benefit Package',
                  children: employee.benefitPackageId
                    ? `${employee.benefitPackageId} - ${employee.benefitPackageName ?? ''}`
                    : '—',
                },
              ]
            : []),
        ]}
      />
    </PanelCard>
  );
}
