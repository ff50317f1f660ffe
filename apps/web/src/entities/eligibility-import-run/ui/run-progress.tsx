import { Progress, Space, Typography } from 'antd';
import type { ImportRun } from '@pillar/domain';
import { formatTimeLeft, isRunWorking, runPercent } from '../run-rules.ts';

/**
 * A run's progress from its job: the bar, and rows read, validated and applied with the time
 * left. The caller polls the run (useImportRun) while it works.
 */
export function ImportRunProgress({ run }: { run: ImportRun }) {
  const working = isRunWorking(run.status);
  const timeLeft = working ? formatTimeLeft(run.secondsLeft) : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Progress
        percent={runPercent(run)}
        status={
          run.status === 'failed'
            ? 'exception'
            : working
              ? 'active'
              : run.status === 'applied'
                ? 'success'
                : 'normal'
        }
        aria-label="Import progress"
      />
      <Typography.Text>
        {run.rowsRead.toLocaleString('en-US')} rows read ·{' '}
        {run.rowsValidated.toLocaleString('en-US')} validated ·{' '}
        {run.rowsApplied.toLocaleString('en-US')} applied
        {timeLeft && ` · ${timeLeft}`}
      </Typography.Text>
    </Space>
  );
}
