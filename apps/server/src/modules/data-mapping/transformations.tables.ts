import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { TransformationDefinition, TransformationKind } from '@pillar/domain';

/** Row type of the transformation library (migration 0021-transformations, decision 0118). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TransformationTable {
  transformation_no: Generated<number>;
  name: string;
  description: string;
  kind: TransformationKind;
  definition: JSONColumnType<TransformationDefinition, string, string>;
  expression: string;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

export interface TransformationTables {
  transformation: TransformationTable;
}
