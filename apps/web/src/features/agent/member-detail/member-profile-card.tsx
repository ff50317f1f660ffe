import { Descriptions } from 'antd';
import { GENDERS, formatDate, type DependentDetail, type EmployeeDetail } from '@pillar/domain';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { StatusTag } from '../../../shared/status/status-tag.tsx';
import { EmailAddress } from '../../../shared/text/email-address.tsx';

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

function addressOf(p: {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}): string {
  const street = [p.address1, p.address2].filter(Boolean).join(', ');
  const place = [p.city, [p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return dash([street, place].filter(Boolean).join(', '));
}

/**
 * Member Profile (spec 2 §2, §3 "Member profile"): the person on the call, the member or one of
 * their dependents. A dependent without an address of their own lives at the member's; e-mail and
 * phone are the member's record's (a dependent's own are in Communication Preferences).
 */
export function MemberProfileCard({
  employee,
  dependent,
}: {
  employee: EmployeeDetail;
  dependent: DependentDetail | undefined;
}) {
  const person = dependent ?? employee;
  const address = dependent && dependent.address1 ? addressOf(dependent) : addressOf(employee);
  const cob = person.isCOBSecondary
    ? `Secondary${person.cobEffectiveDate ? ` from ${formatDate(person.cobEffectiveDate)}` : ''}`
    : 'No';
  return (
    <PanelCard block="agent-panel" title="Member Profile">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'birthdate', label: 'Birthdate', children: formatDate(person.birthdate) },
          { key: 'age', label: 'Age', children: person.age },
          {
            key: 'gender',
            label: 'Gender',
            children: GENDERS[person.gender],
          },
          { key: 'generatedId', label: 'Generated ID', children: employee.generatedId },
          { key: 'personCode', label: 'Person Code', children: dash(person.personCode) },
          {
            key: 'relationship',
            label: 'Relationship',
            children: dependent ? dependent.relationshipLabel : 'Subscriber',
          },
          { key: 'address', label: 'Address', children: address },
          {
            key: 'email',
            label: 'Email',
            children: employee.email ? <EmailAddress address={employee.email} /> : '—',
          },
          { key: 'phone', label: 'Phone', children: dash(employee.phone) },
          {
            key: 'effectiveDate',
            label: 'Effective Date',
            children: formatDate(person.effectiveDate),
          },
          {
            key: 'status',
            label: 'Status',
            children: (
              <StatusTag
                status={person.processStatus}
                expirationDate={person.expirationDate}
                wording="agent"
              />
            ),
          },
          {
            key: 'expirationDate',
            label: 'Expiration Date',
            children: person.expirationDate ? formatDate(person.expirationDate) : '—',
          },
          { key: 'cob', label: 'COB', children: cob },
        ]}
      />
    </PanelCard>
  );
}
