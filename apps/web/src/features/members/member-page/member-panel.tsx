import { Card, Typography } from 'antd';
import { type ReactNode } from 'react';

/** A member page panel: a card whose title is a level-2 heading, so headings stay in order. */
export function MemberPanel({
  title,
  extra,
  children,
  className,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card
      className={`member-panel${className ? ` ${className}` : ''}`}
      title={<Typography.Title level={2}>{title}</Typography.Title>}
      extra={extra}
    >
      {children}
    </Card>
  );
}
