import { Alert, Button, Spin, Table, Typography } from 'antd';
import { EXCLUSION_REASON_LABELS, PRICING_MESSAGES, type BadClaimRow } from '@pillar/domain';
import { jobRunning, useFaJobStatus } from '../../../entities/pricing/index.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { countText } from '../count-text.ts';

export interface FaJobPanelProps {
  opportunityId: number;
  fileId: number;
  /** Internal users open the Pricing stage once the job is COMPLETE. */
  onPricing?: () => void;
}

/**
 * The FA job's status for the file (spec 3 §4 "FA job status"): CREATED and IN_PROGRESS show a
 * spinner with 'Jobs Status is ...' (polled every 5 s); ERROR shows 'FA Jobs Failed' with the
 * system message; no job: 'No FA Jobs have been run for this file.'; COMPLETE: the claims read
 * and excluded, each bad row with its reason, and Pricing.
 */
export function FaJobPanel({ opportunityId, fileId, onPricing }: FaJobPanelProps) {
  const job = useFaJobStatus(opportunityId, fileId);
  const data = job.data;
  let body;
  if (job.isError)
    body = <Alert type="error" showIcon title={describeError(job.error).description} />;
  else if (!data) body = <Spin />;
  else if (data.status === null)
    body = <Typography.Paragraph>{PRICING_MESSAGES.noFaJobs}</Typography.Paragraph>;
  else if (jobRunning(data))
    body = (
      <div className="fa-job__running" role="status">
        <Spin /> <span>Jobs Status is {data.status} ...</span>
      </div>
    );
  else if (data.status === 'ERROR')
    body = (
      <Alert
        type="error"
        showIcon
        title={PRICING_MESSAGES.faJobsFailed}
        description={data.systemMessage ?? undefined}
      />
    );
  else {
    const excluded = Object.values(data.exclusions ?? {}).reduce((s, n) => s + n, 0);
    body = (
      <>
        <Alert
          type="success"
          showIcon
          title="Financial analysis complete"
          description={`${countText(data.claimsRead ?? 0, 'claim', { suffix: 'read' })}, ${excluded.toLocaleString('en-US')} excluded${
            data.reversedPairs
              ? `, ${countText(data.reversedPairs, 'reversal', { suffix: 'netted' })}`
              : ''
          }.`}
          action={
            onPricing && (
              <Button type="primary" onClick={onPricing}>
                Pricing
              </Button>
            )
          }
        />
        {data.badRows.length > 0 && (
          <Table<BadClaimRow>
            className="fa-job__bad-rows"
            size="small"
            aria-label="Claims not repriced"
            rowKey={(r) => `${r.row}-${r.reason}`}
            dataSource={data.badRows}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            columns={[
              { title: 'Row', dataIndex: 'row', width: 90 },
              { title: 'Claim', dataIndex: 'claimId', width: 160 },
              {
                title: 'Reason',
                dataIndex: 'reason',
                render: (r: BadClaimRow['reason']) => EXCLUSION_REASON_LABELS[r],
              },
              // A bad row's field and what is wrong with it ('Member Paid is not a number').
              { title: 'Problem', dataIndex: 'message', render: (m: string | null) => m ?? '' },
            ]}
          />
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="fa-job-title" className="fa-job">
      <Typography.Title level={3} id="fa-job-title">
        Financial Analysis Job
      </Typography.Title>
      {body}
    </section>
  );
}
