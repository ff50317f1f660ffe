import type {
  ContractAnswer,
  ContractInput,
  ContractSearchInput,
  RouteContract,
} from '@pillar/domain';
import { apiDownload, apiRequest, type DownloadedFile, type QueryParams } from './api-client.ts';

/** A part the contract declares is required in the input; a part it does not have is absent. */
type Part<K extends string, T> = T extends undefined ? { [P in K]?: never } : { [P in K]: T };

/** What a call sends: the contract's params, query and body, and an abort signal. */
export type CallInput<C extends RouteContract> = Part<'params', ContractSearchInput<C['params']>> &
  Part<'query', ContractSearchInput<C['query']>> &
  Part<'body', CallBody<C>> & { signal?: AbortSignal };

/**
 * The body: the schema's input as JSON, or for a multipart contract the `FormData` the caller
 * builds (its parts in the order the server reads them), which apiRequest sends as is.
 */
type CallBody<C extends RouteContract> = C['bodyKind'] extends 'multipart'
  ? FormData
  : ContractInput<C['body']>;

/** The contract's path with each `:name` replaced by its encoded value. */
type PathValue = string | number | boolean | null | undefined;

export function contractPath(path: string, params: Record<string, PathValue> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`The call to ${path} has no value for its parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls the API through a route contract: the service's base URL from the runtime config, the
 * path with its parameters, the query and the body, with the bearer token, the 401 renewal and
 * problem+json errors of apiRequest. The answer is typed by the contract.
 */
export function callApi<C extends RouteContract>(
  contract: C,
  ...[input]: OptionalWhenEmpty<CallInput<C>>
): Promise<ContractAnswer<C>> {
  const { path, options } = request(contract, input);
  return apiRequest<ContractAnswer<C>>(contract.service, path, options);
}

/**
 * Calls a contract whose answer is a file (`answerKind: 'file'`, or a call that answers a file for
 * some bodies): the bytes and the name the server suggests, for `saveFile` or a preview.
 */
export function callDownload<C extends RouteContract>(
  contract: C,
  ...[input]: OptionalWhenEmpty<CallInput<C>>
): Promise<DownloadedFile> {
  const { path, options } = request(contract, input);
  return apiDownload(contract.service, path, options);
}

type OptionalWhenEmpty<I> = Record<never, never> extends I ? [input?: I] : [input: I];

function request(contract: RouteContract, input: object | undefined) {
  // Widened: the input is typed against the contract; here only its parts' places matter.
  const sent: {
    params?: Record<string, PathValue>;
    query?: QueryParams;
    body?: unknown;
    signal?: AbortSignal;
  } = input ?? {};
  const { params, query, body, signal } = sent;
  return {
    path: contractPath(contract.path, params),
    options: { method: contract.method, query, body, signal },
  };
}
