import type { z } from 'zod';
import type { AccessRule } from './access-rule.ts';
import type { ServiceName } from './services.ts';

export type HttpMethod = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';

/**
 * One call of the API, written once: the server registers its route from it and the web calls it
 * through it, so a path, a parameter or an answer shape that drifts is a type error.
 * `path` is relative to the service's base and names parameters Fastify's way (`/x/:id`).
 */
export interface RouteContract<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType = z.ZodType,
  K extends BodyKind = BodyKind,
> {
  method: HttpMethod;
  service: ServiceName;
  path: string;
  params: P;
  query: Q;
  body: B;
  /**
   * 'json' (the default): `body` is the JSON body's schema. 'multipart': a multipart/form-data
   * upload the handler reads as a stream (`request.parts()`), fields first, so no schema checks
   * it on the way in and `body` stays undefined; the route documents `consumes`, and the web
   * sends a `FormData`.
   */
  bodyKind: K;
  /** The answer, sent with `status`. */
  answer: A;
  /**
   * 'json' (the default): the answer schema is the body. 'file': the handler sends bytes (a PDF,
   * a report, an upload) with its own Content-Type and Content-Disposition; the answer schema only
   * describes it in the OpenAPI document, and the web fetches it with `callDownload`.
   */
  answerKind: AnswerKind;
  /** 200 unless the call answers something else on success (204: nothing). */
  status: SuccessStatus;
  /**
   * Answers besides the success one whose body is more than a problem's standard members (a 409
   * that names the conflicting user), by status: documented in OpenAPI and serialized with their
   * schema. The handler sends one itself through its `reply`.
   */
  otherAnswers?: Readonly<Record<number, z.ZodType>>;
  access: AccessRule;
  /**
   * `[]` documents in OpenAPI that the call needs no bearer token (a public page's call); absent,
   * the document's default (bearer) applies. Written out, not derived from `access: 'public'`,
   * since not every public call is documented that way.
   */
  security?: readonly [];
  tags: readonly string[];
  summary: string;
  description?: string;
}

export type SuccessStatus = 200 | 201 | 204;
export type AnswerKind = 'json' | 'file';
export type BodyKind = 'json' | 'multipart';

interface ContractSpec<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  A extends z.ZodType,
  K extends BodyKind,
> {
  method: HttpMethod;
  service: ServiceName;
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  bodyKind?: K;
  answer: A;
  answerKind?: AnswerKind;
  status?: SuccessStatus;
  otherAnswers?: Readonly<Record<number, z.ZodType>>;
  access: AccessRule;
  security?: readonly [];
  tags: readonly string[];
  summary: string;
  description?: string;
}

/** Fills the parts a call does not have with `undefined`, so each part's type is known. */
export function defineContract<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends z.ZodType = z.ZodType,
  K extends BodyKind = 'json',
>(spec: ContractSpec<P, Q, B, A, K>): RouteContract<P, Q, B, A, K> {
  return {
    ...spec,
    params: spec.params as P,
    query: spec.query as Q,
    body: spec.body as B,
    bodyKind: spec.bodyKind ?? ('json' as K),
    answerKind: spec.answerKind ?? 'json',
    status: spec.status ?? 200,
  };
}

/** The parsed value of a part, `undefined` when the contract has none (server side). */
export type ContractOutput<T> = T extends z.ZodType ? z.output<T> : undefined;
/** What a caller sends as a body (web side): the schema's input. */
export type ContractInput<T> = T extends z.ZodType ? z.input<T> : undefined;
type Widened<V> = V extends number
  ? number
  : V extends string
    ? string
    : V extends boolean
      ? boolean
      : V;

/**
 * What a caller sends as path parameters or query (web side): the keys the schema accepts, with
 * their input types, except where a coercing schema takes `unknown` from the URL's text: there
 * the primitive it parses to (`orgId: number`), since a caller means a number, not anything; its
 * range stays the server's to check.
 */
export type ContractSearchInput<T> = T extends z.ZodType
  ? {
      [K in keyof z.input<T>]: unknown extends z.input<T>[K]
        ? K extends keyof z.output<T>
          ? Widened<z.output<T>[K]>
          : z.input<T>[K]
        : z.input<T>[K];
    }
  : undefined;
/** The answer's shape as the caller receives it. */
export type ContractAnswer<C extends RouteContract> = z.output<C['answer']>;
