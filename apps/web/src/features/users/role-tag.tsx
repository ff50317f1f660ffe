import {
  AuditOutlined,
  CodeOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  DollarOutlined,
  FileProtectOutlined,
  IdcardOutlined,
  MedicineBoxOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';
import { type ReactNode } from 'react';
import { type UserRole } from '@pillar/domain';

/** One icon per role group (spec 2 §2 "roles as tags with icons by role name"). */
const GROUP_ICONS: Record<string, ReactNode> = {
  developer: <CodeOutlined aria-hidden />,
  accountManagement: <AuditOutlined aria-hidden />,
  agentDesktop: <CustomerServiceOutlined aria-hidden />,
  itHelpDesk: <ToolOutlined aria-hidden />,
  financials: <DollarOutlined aria-hidden />,
  keystone: <MedicineBoxOutlined aria-hidden />,
  dataMapping: <DatabaseOutlined aria-hidden />,
  userManagement: <TeamOutlined aria-hidden />,
  manageEligibility: <IdcardOutlined aria-hidden />,
  files: <FileProtectOutlined aria-hidden />,
};

/** The icon of a role group; decorative, so hidden from assistive technology. */
export function roleIcon(group: string): ReactNode {
  return GROUP_ICONS[group] ?? <UserOutlined aria-hidden />;
}

/** A role as a tag: its group's icon and its name, dark on light for contrast. */
export function RoleTag({ role }: { role: Pick<UserRole, 'name' | 'group'> }) {
  return (
    <Tag icon={roleIcon(role.group)} className="role-tag" variant="outlined">
      {role.name}
    </Tag>
  );
}
