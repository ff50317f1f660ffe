import type { ReactNode } from 'react';
import { Alert, Descriptions, Empty, List, Skeleton, Typography } from 'antd';
import { PLAN_INFO_MESSAGES, formatDate, hasGroupInformation } from '@pillar/domain';
import { describeError } from '../../../shared/notifications/notify.ts';
import { useGroupInfo } from '../api/get-group-info.ts';
import './plan-info.css';

export interface GroupInformationProps {
  /** The organization; nothing is asked without one (spec 2 §7). */
  orgId: number | null | undefined;
  /** The level of the block's section headings (3 inside a page's level-2 panel or tab). */
  headingLevel?: 3 | 4;
}

const dash = (value: string | null) => value ?? '—';

/** A titled part of the block: a heading of the caller's level over its content. */
function Section({ title, level, children }: { title: string; level: 3 | 4; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={level} className="plan-info__heading">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/**
 * An organization's group information: contacts, programs (formulary, dispense as written and
 * the others), materials, plan notes and plan changes. No title of its own, so it fits a tab
 * ('Group Information') or a panel.
 */
export function GroupInformation({ orgId, headingLevel = 3 }: GroupInformationProps) {
  const info = useGroupInfo(orgId);
  if (!orgId) return <Empty description={PLAN_INFO_MESSAGES.noData} />;
  if (info.isPending) return <Skeleton active aria-label="Loading group information" />;
  if (info.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Group information could not be loaded."
        description={describeError(info.error).description}
      />
    );
  }
  const data = info.data;
  if (!hasGroupInformation(data)) return <Empty description={PLAN_INFO_MESSAGES.noData} />;
  return (
    <div className="plan-info">
      <Section title="Contacts" level={headingLevel}>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'am', label: 'Account Manager', children: dash(data.contacts.accountManager) },
            {
              key: 'sae',
              label: 'Strategic Account Executive',
              children: dash(data.contacts.strategicAccountExecutive),
            },
            { key: 'broker', label: 'Brokerage Firm', children: dash(data.contacts.brokerageFirm) },
            {
              key: 'medical',
              label: 'Medical Vendor',
              children: dash(data.contacts.medicalVendor),
            },
            { key: 'plan', label: 'Plan No', children: dash(data.contacts.planNo) },
          ]}
        />
      </Section>
      <Section title="Programs" level={headingLevel}>
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[
            { key: 'formulary', label: 'Formulary', children: dash(data.programs.formulary) },
            {
              key: 'daw',
              label: 'Dispense As Written',
              children: dash(data.programs.dispenseAsWritten),
            },
            ...data.programs.others.map((p) => ({
              key: `program-${p.name}`,
              label: p.name,
              children: dash(p.description),
            })),
          ]}
        />
      </Section>
      <Section title="Materials" level={headingLevel}>
        <List
          size="small"
          dataSource={data.materials}
          locale={{ emptyText: 'No data' }}
          renderItem={(m) => (
            <List.Item key={m.materialNo} extra={`Updated ${formatDate(m.updatedDate)}`}>
              <List.Item.Meta
                title={`${m.title} (${m.category})`}
                description={m.description ?? undefined}
              />
            </List.Item>
          )}
        />
      </Section>
      <Section title="Plan Notes" level={headingLevel}>
        <List
          size="small"
          dataSource={data.planNotes}
          locale={{ emptyText: 'No data' }}
          renderItem={(n) => (
            <List.Item key={n.noteNo}>
              <List.Item.Meta
                title={`${formatDate(n.createdDate)}${n.createdByName ? ` · ${n.createdByName}` : ''}`}
                description={n.note}
              />
            </List.Item>
          )}
        />
      </Section>
      <Section title="Plan Changes" level={headingLevel}>
        <List
          size="small"
          dataSource={data.planChanges}
          locale={{ emptyText: 'No data' }}
          renderItem={(c) => (
            <List.Item key={c.changeNo}>
              <List.Item.Meta
                title={`Effective ${formatDate(c.effectiveDate)}`}
                description={c.description}
              />
            </List.Item>
          )}
        />
      </Section>
    </div>
  );
}
