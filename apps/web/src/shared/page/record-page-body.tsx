import { Alert, Button, Skeleton, Typography } from 'antd';
import { type UseQueryResult } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { describeError } from '../notifications/notify.ts';

/**
 * The body of a page that shows one record (a member, a dependent): while the record loads a
 * skeleton; if it cannot be loaded the page's level-1 heading (`noun`) and the reason with Try
 * Again; then the record. The caller answers a 404 with the not-found page first.
 */
export function RecordPageBody<T>({
  query,
  noun,
  children,
}: {
  query: UseQueryResult<T>;
  noun: string;
  children: (record: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <>
        <Typography.Title level={1}>{noun}</Typography.Title>
        <Alert
          type="error"
          showIcon
          title={`This ${noun.toLowerCase()} could not be loaded.`}
          description={describeError(query.error).description}
          action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
        />
      </>
    );
  }
  if (query.data === undefined) return <Skeleton active paragraph={{ rows: 6 }} />;
  return children(query.data);
}
