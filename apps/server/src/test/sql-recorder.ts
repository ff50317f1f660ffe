import {
  PostgresQueryCompiler,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/*
 * Records the SQL the server sends, by the server file that built each statement, for the
 * repository SQL snapshots (modules/system/repository-sql.test.ts). A Kysely plugin sees every
 * statement, raw `sql` ones included; one compiler, values as parameters, so the same scenario
 * gives the same text on PGlite and PostgreSQL.
 */

const compiler = new PostgresQueryCompiler();

/**
 * Frames that pass a caller's query on rather than write one: the paging helper adds ORDER BY,
 * LIMIT and its count around the query the repository built, so the statement is the caller's.
 */
const PASS_THROUGH = ['/apps/server/src/platform/http/paging.ts'];

function fileOfFrame(line: string): string | undefined {
  if (line.includes('node_modules') || line.includes('/apps/server/src/test/')) return undefined;
  return /\/apps\/server\/src\/([^:)]+\.ts)/.exec(line)?.[1];
}

/**
 * The server file that built a query: the first frame of the server's own code in the stack
 * (Kysely, tests and the pass-through helpers left out), as a path under apps/server/src
 * (`modules/members/member-record.repo.ts`, `platform/auth/sessions.repo.ts`); undefined for a
 * test's own setup statement. `passedThrough` says whether a pass-through helper sent it, and
 * `synchronous` whether the file was found before the stack's first asynchronous boundary.
 */
export function serverFileOf(stack: string): {
  file: string | undefined;
  passedThrough: boolean;
  synchronous: boolean;
} {
  let passedThrough = false;
  let synchronous = true;
  for (const line of stack.split('\n').slice(1)) {
    if (line.includes('processTicksAndRejections') || line.trim().startsWith('at async ')) {
      synchronous = false;
    }
    if (PASS_THROUGH.some((path) => line.includes(path))) {
      passedThrough = true;
      continue;
    }
    const file = fileOfFrame(line);
    if (!file) continue;
    return { file: file.endsWith('.test.ts') ? undefined : file, passedThrough, synchronous };
  }
  return { file: undefined, passedThrough, synchronous };
}

export class SqlRecorder implements KyselyPlugin {
  recording = false;
  /** Distinct statements by server file (`modules/<area>/<file>.ts`, `platform/…`). */
  readonly byFile = new Map<string, Set<string>>();
  /** The stack of each file's first statement: where to look when a file is not a repository. */
  readonly firstStack = new Map<string, string>();

  #pagingCaller: string | undefined;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 80;
      // Kysely builds the operation node synchronously inside execute(), so the caller is on the
      // stack (after an await, as V8's "at async" frames).
      const stack = new Error().stack ?? '';
      const found = serverFileOf(stack);
      Error.stackTraceLimit = limit;
      let file = found.file;
      if (found.passedThrough) {
        // The paging helper's first statement runs before it awaits anything, with the
        // repository that called it on the stack; its later ones (the count) come after an
        // await, where V8 shows only the callers that awaited it, often not the repository (it
        // returns fetchPage's promise). The scenario sends one request at a time, so they are
        // the same caller's.
        if (found.synchronous) this.#pagingCaller = file;
        else file = this.#pagingCaller;
      }
      if (file) {
        const text = compiler.compileQuery(args.node, args.queryId).sql.trim();
        if (!this.byFile.has(file)) {
          this.byFile.set(file, new Set());
          this.firstStack.set(file, stack);
        }
        this.byFile.get(file)!.add(text);
      }
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }

  /** Runs `scenario` with recording on. */
  async record(scenario: () => Promise<void>): Promise<void> {
    this.recording = true;
    try {
      await scenario();
    } finally {
      this.recording = false;
    }
  }
}
