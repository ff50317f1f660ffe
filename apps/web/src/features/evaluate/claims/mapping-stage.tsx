import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress, Skeleton, Space, Typography } from 'antd';
import {
  CLAIMS_FILE_MESSAGES,
  type ClaimsFile,
  type MappedClaimsFile,
  type Template,
} from '@pillar/domain';
import {
  useClaimsCalls,
  useMappingSource,
  useRegisterMapped,
} from '../../../entities/claims-file/index.ts';
import {
  MappingCallsContext,
  MappingEditor,
  dataMapperCalls,
  useCompletedJob,
  useCreateJob,
  useJob,
  useMappingCalls,
} from '../../../entities/mapping-template/index.ts';
import { useTransformations } from '../../../entities/transformation/index.ts';
import { describeError, notifyErrorMessage } from '../../../shared/notifications/notify.ts';
import { sharedMappingCalls, sharedTransformations } from './shared-mapping-calls.ts';

/** Spec 3 §4, §9: the claims flow polls the job every 3 seconds, at most 20 times. */
export const CLAIMS_JOB_MAX_POLLS = 20;

export interface MappingStageProps {
  opportunityId: number;
  file: ClaimsFile;
  onMapped: (mapped: MappedClaimsFile) => void;
  /** Registration failed: back to the File stage (spec 3 §8). */
  onFailed: () => void;
}

/** The mapped file's name: the claims file's, with _mapped before a .csv extension. */
export function mappedFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, '');
  return `${base}_mapped.csv`;
}

/**
 * The Mapping stage (spec 3 §4 "Claims flow"): a template generated from the selected file and
 * the standard claims write schema, edited with the data mapper's blocks (decision 0122); Save
 * creates it once and asks to start the mapping job; the job is polled every 3 s up to 20 times;
 * once it completed the mapped file is registered and the view moves to Summary.
 */
export function MappingStage(props: MappingStageProps) {
  // On a shared opportunity (decision 0144) the claims calls are the shared service's, and so
  // are the data-mapping calls: scoped to this opportunity's file, no data-mapper permission.
  const shared = useClaimsCalls().mappingSource.service === 'sharedClaims';
  const { opportunityId, file } = props;
  const calls = useMemo(
    () => (shared ? sharedMappingCalls(opportunityId, file.id) : dataMapperCalls),
    [shared, opportunityId, file.id],
  );
  return (
    <MappingCallsContext.Provider value={calls}>
      <MappingStageBody {...props} shared={shared} />
    </MappingCallsContext.Provider>
  );
}

function MappingStageBody({
  opportunityId,
  file,
  onMapped,
  onFailed,
  shared,
}: MappingStageProps & { shared: boolean }) {
  const calls = useMappingCalls();
  const source = useMappingSource(opportunityId, file.id);
  const generated = useQuery({
    queryKey: ['claims-mapping-template', source.data?.fileStorageId ?? ''],
    queryFn: () =>
      calls.generateTemplate({
        readId: source.data!.readSchemaId,
        writeId: source.data!.writeSchemaId,
        fileStorageId: source.data!.fileStorageId,
      }),
    enabled: !!source.data,
    staleTime: Infinity,
    retry: false,
  });
  const library = useTransformations('', !shared);
  const sharedLibrary = useQuery({
    queryKey: ['shared-claims', 'transformations', opportunityId],
    queryFn: ({ signal }) => sharedTransformations(opportunityId, signal),
    enabled: shared,
  });
  const guide = shared ? sharedLibrary : library;
  const [saved, setSaved] = useState<Template | null>(null);
  const create = useCreateJob();
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId, CLAIMS_JOB_MAX_POLLS);
  const status = job.data?.status;
  const completed = useCompletedJob(jobId, status === 'completed');
  const register = useRegisterMapped(opportunityId);
  const registered = useRef(false);
  // The answers seen so far: the poll stops after 20 (useJob), the screen then says so.
  const [polls, setPolls] = useState({ at: 0, count: 0 });
  if (job.dataUpdatedAt !== polls.at && job.dataUpdatedAt > 0)
    setPolls({ at: job.dataUpdatedAt, count: polls.count + 1 });

  useEffect(() => {
    if (!completed.data || registered.current) return;
    registered.current = true;
    register.mutate(
      {
        mappedFileStorageId: completed.data.filestorageid,
        unmappedFileStorageId: file.fileStorageId,
        mappedFileName: mappedFileName(file.fileName),
      },
      {
        onSuccess: onMapped,
        onError: () => {
          notifyErrorMessage('Register Mapped File', CLAIMS_FILE_MESSAGES.noClaimsFile);
          onFailed();
        },
      },
    );
  }, [completed.data, file, register, onMapped, onFailed]);

  const problem = source.error ?? generated.error;
  if (problem) return <Alert type="error" showIcon title={describeError(problem).description} />;
  if (!generated.data) return <Skeleton active />;

  const gaveUp =
    polls.count >= CLAIMS_JOB_MAX_POLLS && status !== 'completed' && status !== 'failed';

  return (
    <div className="claims-mapping-stage">
      <Typography.Paragraph>
        Map the columns of <strong>{file.fileName}</strong> to the standard claims layout.
      </Typography.Paragraph>
      <MappingEditor
        template={generated.data}
        readOnly={jobId !== null}
        guide={(guide.data?.data ?? []).map((t) => ({
          name: t.name,
          description: t.description ?? '',
        }))}
        onSaved={setSaved}
      />
      {saved && jobId === null && (
        <Alert
          className="claims-mapping-stage__ask"
          type="info"
          showIcon
          title={`Template ${saved.name} saved. Start the mapping job?`}
          action={
            <Button
              type="primary"
              loading={create.isPending}
              onClick={() =>
                create.mutate(
                  { templateId: saved.id, fileStorageId: source.data!.fileStorageId },
                  { onSuccess: (started) => setJobId(started.id) },
                )
              }
            >
              Start Mapping Job
            </Button>
          }
        />
      )}
      {job.data && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
          <Progress
            percent={Math.round(status === 'completed' ? 100 : job.data.percent)}
            status={
              status === 'failed' ? 'exception' : status === 'completed' ? 'success' : 'active'
            }
            aria-label="Mapping job progress"
          />
          <Typography.Text role="status">
            Mapping job {job.data.id}: {status}
            {register.isPending ? ' · registering the mapped file…' : ''}
          </Typography.Text>
          {job.data.failure && <Alert type="error" showIcon title={job.data.failure} />}
          {gaveUp && (
            <Alert
              type="warning"
              showIcon
              title="The mapping job has not finished after 20 checks"
              action={
                <Button
                  onClick={() => {
                    setPolls({ at: job.dataUpdatedAt, count: 0 });
                    void job.refetch();
                  }}
                >
                  Check Again
                </Button>
              }
            />
          )}
        </Space>
      )}
    </div>
  );
}
