import { Card, Descriptions, Tag } from 'antd';
import { aorStatus, formatDate, todayIso, type AorRecord } from '@pillar/domain';

export interface AorCardProps {
  aor: AorRecord;
  /** The day the status is judged on; today by default. */
  today?: string;
}

/**
 * One appointment of representative: the representative, the member's birth date, the address,
 * the signature date and the expiry one year later, tagged 'Expired' after that day.
 */
export function AorCard({ aor, today = todayIso() }: AorCardProps) {
  const status = aorStatus(aor.memberSignDate, today);
  return (
    <Card
      size="small"
      title={aor.representativeName}
      extra={<Tag color={status === 'Expired' ? 'red' : 'green'}>{status}</Tag>}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'rep', label: 'Representative', children: aor.representativeName },
          { key: 'dob', label: 'Member Birth Date', children: formatDate(aor.memberDOB) },
          { key: 'address', label: 'Address', children: aor.representativeAddress },
          { key: 'signed', label: 'Signature Date', children: formatDate(aor.memberSignDate) },
          {
            key: 'expires',
            label: status === 'Expired' ? 'Expired' : 'Expires',
            children: formatDate(aor.expirationDate),
          },
        ]}
      />
    </Card>
  );
}
