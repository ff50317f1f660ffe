import { UnlockOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { PERMISSIONS } from '@pillar/domain';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { PermissionGate } from '../../shared/permissions/permission-gate.tsx';
import { UnlockMemberDialog } from './unlock-member-dialog.tsx';

/**
 * The agent dashboard (spec 2 §2). Member-portal unlocks work today; member lookup, prior
 * authorizations, claims and call notes come with the agent desktop's own issue, and the page
 * says so rather than showing empty panels.
 */
export default function AgentDashboardPage() {
  usePageTitle('Agent Desktop');
  const [unlocking, setUnlocking] = useState(false);
  return (
    <section className="page agent-dashboard">
      <Typography.Title level={1}>Agent Desktop</Typography.Title>
      <Card className="agent-dashboard__card">
        <Typography.Title level={2}>Member Portal Accounts</Typography.Title>
        <p>
          Members who are locked out of the Member Portal after too many failed sign-ins are
          unlocked here by the email address of their account.
        </p>
        <PermissionGate
          rule={{ allOf: [PERMISSIONS.agentUnlockMemberPortal] }}
          fallback={<p>You do not have permission to unlock member accounts.</p>}
        >
          <Button icon={<UnlockOutlined />} onClick={() => setUnlocking(true)}>
            Unlock Member Account
          </Button>
          <UnlockMemberDialog open={unlocking} onClose={() => setUnlocking(false)} />
        </PermissionGate>
      </Card>
      <Card className="agent-dashboard__card">
        <Typography.Title level={2}>Member Lookup</Typography.Title>
        <p>
          Member lookup, coverage, prior authorizations, claims and call notes are not available yet
          in Pillar. They are coming in a later release; until then, find members under Members.
        </p>
      </Card>
    </section>
  );
}
