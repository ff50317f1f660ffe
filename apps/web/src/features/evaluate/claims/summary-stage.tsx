import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Space, Typography } from 'antd';
import { fillRangeProblem, formatDate, isIsoDate, type MappedClaimsFile } from '@pillar/domain';
import { useClaimRange, useClaimsFiles } from '../../../entities/claims-file/index.ts';
import { DateInput } from '../../../shared/inputs/date-input.tsx';
import { usePermissions } from '../../../shared/permissions/user-access.ts';
import { describeError } from '../../../shared/notifications/notify.ts';
import { FaJobPanel } from './fa-job-panel.tsx';
import { RunFaModal } from './run-fa-modal.tsx';

export interface SummaryStageProps {
  opportunityId: number;
  file: MappedClaimsFile;
  onPricing?: () => void;
}

/**
 * The Summary stage (spec 3 §2): total claims, created and dropped columns, min and max fill
 * date, the Fill Date Range (within the file's dates, start not after end) with its claim count
 * and months, Run Financial Analysis, and the file's FA job status.
 */
export function SummaryStage({ opportunityId, file, onPricing }: SummaryStageProps) {
  const [start, setStart] = useState<string | null>(file.minDate);
  const [end, setEnd] = useState<string | null>(file.maxDate);
  const [running, setRunning] = useState(false);
  const files = useClaimsFiles(opportunityId);
  const { isInternal } = usePermissions();
  const complete = !!start && !!end && isIsoDate(start) && isIsoDate(end);
  const problem = complete ? fillRangeProblem(start, end, file.minDate, file.maxDate) : null;
  const range = useClaimRange(opportunityId, file.id, start, end, complete && problem === null);

  return (
    <div className="claims-summary">
      <Descriptions
        bordered
        size="small"
        column={2}
        title={file.fileName}
        items={[
          {
            key: 'claims',
            label: 'Total Claims',
            children: file.claimCount.toLocaleString('en-US'),
          },
          { key: 'phi', label: 'Contains PHI', children: file.phi ? 'Yes' : 'No' },
          { key: 'min', label: 'Min Fill Date', children: formatDate(file.minDate) },
          { key: 'max', label: 'Max Fill Date', children: formatDate(file.maxDate) },
          { key: 'dropped', label: 'Dropped Columns', children: file.droppedCount, span: 2 },
          {
            key: 'created',
            label: 'Created Columns',
            span: 2,
            children: `${file.createdCols.length}${
              file.createdCols.length ? ` (${file.createdCols.join(', ')})` : ''
            }`,
          },
        ]}
      />
      <section aria-labelledby="fill-range-title" className="claims-summary__range">
        <Typography.Title level={3} id="fill-range-title">
          Fill Date Range
        </Typography.Title>
        <Form layout="inline" component="div">
          <Form.Item label="Start" htmlFor="fill-range-start">
            <DateInput id="fill-range-start" value={start} onChange={setStart} />
          </Form.Item>
          <Form.Item label="End" htmlFor="fill-range-end">
            <DateInput id="fill-range-end" value={end} onChange={setEnd} />
          </Form.Item>
        </Form>
        {problem ? (
          <Alert type="error" showIcon title={problem} className="claims-summary__problem" />
        ) : range.isError ? (
          <Alert type="error" showIcon title={describeError(range.error).description} />
        ) : (
          range.data && (
            <p className="claims-summary__count" aria-live="polite">
              <strong>{range.data.totalCount.toLocaleString('en-US')}</strong>{' '}
              {range.data.totalCount === 1 ? 'claim' : 'claims'} over{' '}
              <strong>{range.data.totalNumberOfMonths}</strong>{' '}
              {range.data.totalNumberOfMonths === 1 ? 'month' : 'months'}
            </p>
          )
        )}
      </section>
      {/* Run Financial Analysis and the FA job are internal (an external user's shared
          opportunity stops at Summary, decision 0144). */}
      {isInternal && (
        <>
          <Space>
            <Button
              type="primary"
              disabled={!complete || problem !== null}
              onClick={() => setRunning(true)}
            >
              Run Financial Analysis
            </Button>
          </Space>
          <RunFaModal
            opportunityId={opportunityId}
            open={running}
            files={files.data?.mappedFiles ?? [file]}
            file={file}
            range={complete && problem === null ? { start, end } : null}
            onClose={() => setRunning(false)}
            onStarted={() => setRunning(false)}
          />
          <FaJobPanel opportunityId={opportunityId} fileId={file.id} onPricing={onPricing} />
        </>
      )}
    </div>
  );
}
