import { Descriptions, Drawer, Empty, Skeleton, Table, Typography } from 'antd';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  PA_DETAIL_DRAWER_WIDTH,
  PA_INTERACTION_LOG_VISIBLE,
  formatDate,
  paIdentifiersOf,
  paNextSteps,
  type AgadiaData,
  type PaInteractionLogEntry,
  type PaReviewerHistoryEntry,
} from '@pillar/domain';
import { usePriorAuthCase, usePriorAuthPlanHistory } from '../api/prior-auth-calls.ts';
import { PaDates } from './pa-dates.tsx';
import { PaStatusTag } from './pa-status-tag.tsx';
import { PaLoadError } from './pa-unavailable.tsx';

/** The member's identifiers as their record holds them (see PriorAuthHistoryProps). */
export interface PaMemberRecord {
  alternateId: string | null | undefined;
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  /** YYYY-MM-DD. */
  birthdate: string | null | undefined;
}

export interface AuthorizationDetailDrawerProps {
  member: PaMemberRecord;
  /** The case to show (its PACaseId); null asks nothing. */
  paCaseId: string | null;
  open: boolean;
  onClose: () => void;
}

/**
 * Height of a small table row or its header: the log's first guess at 6 entries, until the rows
 * are measured (a long description wraps onto a second line).
 */
const LOG_ROW_HEIGHT = 40;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} style={{ marginBottom: 24 }}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function AgadiaDataBlock({ data }: { data: AgadiaData | null }) {
  if (!data || Object.keys(data).length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data available" />;
  }
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      items={Object.entries(data).map(([label, value]) => ({
        key: label,
        label,
        children:
          value === null
            ? '—'
            : typeof value === 'boolean'
              ? value
                ? 'Yes'
                : 'No'
              : String(value),
      }))}
    />
  );
}

function formatInstant(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const iso = date.toISOString();
  return `${formatDate(iso.slice(0, 10))} ${iso.slice(11, 16)} UTC`;
}

const LOG_COLUMNS = [
  {
    title: 'Date',
    dataIndex: 'contactdate',
    width: 170,
    // The date and time on one line.
    render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatInstant(v)}</span>,
  },
  { title: 'Type', dataIndex: 'contacttype', width: 90 },
  // The whole description, wrapped: an ellipsis would hide words from the agent.
  { title: 'Description', dataIndex: 'contactdescription' },
  {
    title: 'Assigned To',
    dataIndex: 'protectcaseassignedto',
    width: 170,
    render: (v: string | null) => v ?? '—',
  },
  { title: 'Status', dataIndex: 'protectcasestatusdescription', width: 200 },
];

/**
 * The case's interaction log: 6 entries show, a longer log scrolls under its header in a region
 * keyboard users can focus to scroll (nothing in the rows is focusable). The region ends at the
 * 6th entry's bottom edge as laid out, so entries whose description wraps still show 6.
 */
function InteractionLog({ log }: { log: PaInteractionLogEntry[] }) {
  const region = useRef<HTMLDivElement>(null);
  const [maxHeight, setMaxHeight] = useState((PA_INTERACTION_LOG_VISIBLE + 1) * LOG_ROW_HEIGHT);
  useLayoutEffect(() => {
    const element = region.current;
    if (!element) return;
    const measure = () => {
      const rows = element.querySelectorAll<HTMLElement>('tbody > tr.ant-table-row');
      const last = rows[PA_INTERACTION_LOG_VISIBLE - 1];
      if (!last) return;
      const top = element.getBoundingClientRect().top - element.scrollTop;
      setMaxHeight(Math.ceil(last.getBoundingClientRect().bottom - top));
    };
    measure();
    // A new width rewraps the descriptions.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [log]);
  const table = (
    <Table<PaInteractionLogEntry>
      size="small"
      rowKey="InterventionSummaryID"
      aria-label="Interaction log"
      columns={LOG_COLUMNS}
      dataSource={log}
      pagination={false}
      sticky={log.length > PA_INTERACTION_LOG_VISIBLE}
      locale={{ emptyText: 'No data' }}
    />
  );
  if (log.length <= PA_INTERACTION_LOG_VISIBLE) return table;
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Interaction log entries"
      ref={region}
      style={{ maxHeight, overflowY: 'auto' }}
    >
      {table}
    </div>
  );
}

const REVIEWER_COLUMNS = [
  { title: 'Reviewer', dataIndex: 'reviewer' },
  { title: 'Effective Date', dataIndex: 'effDate', render: (v: string) => formatDate(v) },
  {
    title: 'Expiration Date',
    dataIndex: 'expDate',
    render: (v: string | null) => (v ? formatDate(v) : 'Current'),
  },
];

/**
 * The Authorization Detail drawer (width 1050, spec 2 §2, §9): the case, the old and new
 * Agadia data, the interaction log (6 entries visible, then it scrolls) and the member's PA
 * reviewer history. Opening a case is an audited read on the server.
 */
export function AuthorizationDetailDrawer({
  member,
  paCaseId,
  open,
  onClose,
}: AuthorizationDetailDrawerProps) {
  const ids = paIdentifiersOf(member);
  const detail = usePriorAuthCase(open ? ids : null, paCaseId);
  const reviewers = usePriorAuthPlanHistory(ids, open);
  // A 1050 px drawer on a 1024 px screen would hide its left edge; it takes the screen there.
  const width =
    typeof window === 'undefined'
      ? PA_DETAIL_DRAWER_WIDTH
      : Math.min(PA_DETAIL_DRAWER_WIDTH, window.innerWidth);

  let body: ReactNode;
  if (detail.isError) body = <PaLoadError error={detail.error} what="The authorization" />;
  else if (!detail.data) body = <Skeleton active aria-label="Loading the authorization" />;
  else {
    const { case: paCase, data: log } = detail.data;
    body = (
      <>
        <Section title="Case">
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'id', label: 'PA Case ID (EOC ID)', children: paCase.PACaseId },
              { key: 'service', label: 'Service Name', children: paCase.ServiceName },
              { key: 'status', label: 'Status', children: <PaStatusTag status={paCase.Status} /> },
              { key: 'request', label: 'Request Date', children: formatDate(paCase.RequestDate) },
              { key: 'dates', label: 'End Date / Coverage', children: <PaDates paCase={paCase} /> },
              { key: 'event', label: 'Event Type', children: paCase.EventType ?? '—' },
              { key: 'eventId', label: 'Event ID', children: paCase.EventId ?? '—' },
              {
                key: 'eventEnd',
                label: 'Event End Date',
                children: formatDate(paCase.EventEndDate) || '—',
              },
              { key: 'prescriber', label: 'Prescriber', children: paCase.PrescriberName },
              { key: 'memberId', label: 'Member ID', children: paCase.MemberId },
              {
                key: 'protect',
                label: 'Protect Service',
                children: paCase.IsProtectService ? 'Yes' : 'No',
              },
              { key: 'outcome', label: 'Outcome', children: paCase.Outcome ?? '—', span: 2 },
              {
                key: 'explanation',
                label: 'Prescriber Explanation',
                children: paCase.PrescriberExplanation ?? '—',
                span: 2,
              },
              {
                key: 'next',
                label: "Member's Next Steps",
                children: paNextSteps(paCase),
                span: 2,
              },
            ]}
          />
        </Section>
        <Section title="Interaction Log">
          <InteractionLog log={log} />
        </Section>
        <Section title="Agadia Data (current system)">
          <AgadiaDataBlock data={detail.data.agadiaDataNew} />
        </Section>
        <Section title="Agadia Data (previous system)">
          <AgadiaDataBlock data={detail.data.agadiaDataOld} />
        </Section>
      </>
    );
  }

  return (
    <Drawer
      title="Authorization Detail"
      placement="right"
      size={width}
      open={open}
      onClose={onClose}
      destroyOnHidden
      // The body scrolls in a region of its own that keyboard users can focus: nothing in it is
      // focusable, so nothing else would let them scroll (axe: scrollable-region-focusable).
      styles={{ body: { overflow: 'hidden', padding: 0 } }}
    >
      <div
        tabIndex={0}
        role="region"
        aria-label="Authorization"
        // border-box: the padding inside the body's height, so the last 48 px are not cut off.
        style={{ height: '100%', boxSizing: 'border-box', overflow: 'auto', padding: 24 }}
      >
        {body}
        <Section title="Reviewer History">
          {reviewers.isError ? (
            <PaLoadError error={reviewers.error} what="The reviewer history" />
          ) : (
            <Table<PaReviewerHistoryEntry>
              size="small"
              rowKey={(row) => `${row.reviewer}-${row.effDate}`}
              aria-label="Reviewer history"
              loading={reviewers.isPending && open}
              columns={REVIEWER_COLUMNS}
              dataSource={reviewers.data?.data ?? []}
              pagination={false}
              locale={{ emptyText: 'No data' }}
            />
          )}
        </Section>
      </div>
    </Drawer>
  );
}
