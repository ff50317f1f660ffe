import { UnlockOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, PERMISSIONS } from '@pillar/domain';
import { PendingNotes, usePendingIssueCount } from '../../entities/issue/index.ts';
import { useAgentSearch, type AgentSearch } from '../../entities/member/index.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { PermissionGate } from '../../shared/permissions/permission-gate.tsx';
import { useClaims } from '../../shared/permissions/user-access.ts';
import './agent-layout.css';
import { CallNotesRegion } from './call-notes-region.tsx';
import { FindMemberForm } from './find-member-form.tsx';
import { FindMemberResults } from './find-member-results.tsx';
import { UnlockMemberDialog } from './unlock-member-dialog.tsx';

type Criteria = Omit<AgentSearch, 'limit' | 'offset'>;

/**
 * Spec 2 §2: the count badge is red when there are pending notes, green when there are none; no
 * badge until the count is known (a 0 while loading would be a wrong answer).
 */
function PendingNotesLabel({ count }: { count: number | undefined }) {
  if (count === undefined) return <span>My Pending Notes</span>;
  return (
    <span>
      My Pending Notes{' '}
      <Badge
        count={count}
        showZero
        color={count > 0 ? '#cf1322' : '#237804'}
        aria-label={`${count} pending notes`}
      />
    </span>
  );
}

function FindMember() {
  const [criteria, setCriteria] = useState<Criteria>();
  const [paging, setPaging] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const search: AgentSearch | undefined = criteria && {
    ...criteria,
    limit: paging.pageSize,
    offset: (paging.current - 1) * paging.pageSize,
  };
  const results = useAgentSearch(search);
  return (
    <>
      <FindMemberForm
        onSearch={(next) => {
          setCriteria(next);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      />
      <p>
        <Link to="/agent/member-not-found">Unable to Locate Member</Link>
      </p>
      {criteria && (
        <FindMemberResults
          page={results.isError ? undefined : results.data}
          loading={results.isFetching}
          current={paging.current}
          pageSize={paging.pageSize}
          onPage={(current, pageSize) => setPaging({ current, pageSize })}
        />
      )}
    </>
  );
}

/**
 * The agent home (spec 2 §2 "Agent home"): Find Member (default) and My Pending Notes, the
 * 'Unable to Locate Member' link, the notes region on the right, and the member-portal unlock.
 */
export default function AgentHomePage() {
  usePageTitle('Agent Desktop');
  const [unlocking, setUnlocking] = useState(false);
  const { userNo } = useClaims();
  const pendingNotes = usePendingIssueCount(userNo);
  return (
    <section className="page agent-home">
      <Typography.Title level={1}>Agent Desktop</Typography.Title>
      <div className="agent-layout">
        <div className="agent-layout__main">
          <Tabs
            defaultActiveKey="find-member"
            items={[
              { key: 'find-member', label: 'Find Member', children: <FindMember /> },
              {
                key: 'pending-notes',
                label: <PendingNotesLabel count={pendingNotes} />,
                children: <PendingNotes userNo={userNo} />,
              },
            ]}
          />
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
        </div>
        <CallNotesRegion subject={{ mode: 'search' }} />
      </div>
    </section>
  );
}
