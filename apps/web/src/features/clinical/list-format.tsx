import { Tag } from 'antd';
import { interventionListStatus } from '@pillar/domain';

// Dark text on light fills, as StatusTag: antd's preset tag colours fall under WCAG AA contrast.
const ACTIVE = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };
const INACTIVE = { color: '#434343', background: '#fafafa', borderColor: '#d9d9d9' };

/** A list's status, Active or Inactive (spec 2 §9). */
export function ListStatusTag({ isActive }: { isActive: boolean }) {
  return (
    <Tag variant="outlined" style={isActive ? ACTIVE : INACTIVE}>
      {interventionListStatus(isActive)}
    </Tag>
  );
}
