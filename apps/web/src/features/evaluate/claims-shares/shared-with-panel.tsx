import { useState } from 'react';
import { Button, Drawer, Form, List, Select, Space, Typography } from 'antd';
import { CLAIMS_SHARE_MESSAGES, formatDate } from '@pillar/domain';
import { DateInput } from '../../../shared/inputs/date-input.tsx';
import { useRemoveShare, useShare, useShareCandidates, useShares } from './api.ts';

/**
 * The Claims tab's "Shared with" drawer (decision 0144): the external users this opportunity's
 * claims workflow is shared with (until when, shared by whom), Remove, and a share with an
 * active broker or client user picked by name, with an optional end date.
 */
export function SharedWithPanel({ opportunityId }: { opportunityId: number }) {
  const [open, setOpen] = useState(false);
  const shares = useShares(opportunityId);
  const [search, setSearch] = useState('');
  const candidates = useShareCandidates(search, open);
  const [userId, setUserId] = useState<number | null>(null);
  const [endsOn, setEndsOn] = useState<string | null>(null);
  const share = useShare(opportunityId);
  const remove = useRemoveShare(opportunityId);
  const count = shares.data?.data.length ?? 0;
  const sharedIds = new Set(shares.data?.data.map((s) => s.userId));

  return (
    <>
      <Button onClick={() => setOpen(true)}>Shared with ({count})</Button>
      <Drawer title="Shared with" open={open} onClose={() => setOpen(false)} size="large">
        <Typography.Paragraph>
          External users you share with see this opportunity&apos;s claims files (File, Mapping and
          Summary), never its pricing, financial analysis or incumbent terms.
        </Typography.Paragraph>
        <Form layout="vertical" component="div">
          <Form.Item label="External user" htmlFor="share-user">
            <Select
              id="share-user"
              showSearch
              allowClear
              filterOption={false}
              onSearch={setSearch}
              placeholder="Search by name or e-mail"
              value={userId ?? undefined}
              onChange={(value: number | undefined) => setUserId(value ?? null)}
              loading={candidates.isFetching}
              options={(candidates.data?.data ?? [])
                .filter((c) => !sharedIds.has(c.userId))
                .map((c) => ({
                  value: c.userId,
                  label: `${c.userName} (${c.username}, ${c.userType === 'b' ? 'broker' : 'client'})`,
                }))}
            />
          </Form.Item>
          <Form.Item label="Until (optional)" htmlFor="share-ends-on">
            <DateInput id="share-ends-on" value={endsOn} onChange={setEndsOn} />
          </Form.Item>
          <Button
            type="primary"
            loading={share.isPending}
            onClick={() => {
              if (userId === null) return;
              share.mutate(
                { userId, endsOn },
                {
                  onSuccess: () => {
                    setUserId(null);
                    setEndsOn(null);
                  },
                },
              );
            }}
            disabled={userId === null}
            title={userId === null ? CLAIMS_SHARE_MESSAGES.userRequired : undefined}
          >
            Share
          </Button>
        </Form>
        <List
          className="claims-shares__list"
          header={<strong>Shared with</strong>}
          locale={{ emptyText: 'Not shared with anyone' }}
          dataSource={shares.data?.data ?? []}
          renderItem={(s) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  danger
                  loading={remove.isPending && remove.variables === s.userId}
                  onClick={() => remove.mutate(s.userId)}
                  aria-label={`Remove ${s.userName}`}
                >
                  Remove
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={`${s.userName} (${s.username})`}
                description={
                  <Space size="small" wrap>
                    <span>Shared by {s.sharedBy ?? 'unknown'}</span>
                    <span>since {formatDate(s.sharedAt.slice(0, 10))}</span>
                    <span>{s.endsOn ? `until ${formatDate(s.endsOn)}` : 'no end date'}</span>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </Drawer>
    </>
  );
}
