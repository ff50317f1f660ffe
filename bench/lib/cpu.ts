import fs from 'node:fs';

/**
 * CPU time spent by the server and by its PostgreSQL backends during a scenario, per request.
 * Unlike latency under load, CPU per request hardly moves when other work shares the machine, so
 * it is the figure to compare between runs on a busy machine.
 */

/** Linux's USER_HZ: /proc reports CPU time in these ticks (100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/** User plus system CPU of a process, in milliseconds; undefined when /proc cannot tell. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The PostgreSQL backends serving a database (the API's pool), found by the process titles
 * PostgreSQL gives them: "postgres: [<cluster>:] <user> <database> <client> <state>". Only a local
 * server's backends can be seen.
 */
export function databaseBackendPids(databaseName: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (title.startsWith('postgres: ') && title.split(' ').slice(1).includes(databaseName)) {
        pids.push(Number(entry));
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

export interface CpuMeter {
  /** Milliseconds of CPU per request since the meter started. */
  stop(requests: number): {
    serverMsPerRequest: number | null;
    databaseMsPerRequest: number | null;
  };
}

/** CPU so far of each process that can still be read. */
function cpuByPid(pids: readonly number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) cpu.set(pid, ms);
  }
  return cpu;
}

/**
 * Starts counting. `backends` lists the database's backends now and again at the end: a
 * backend the pool opens during the run counts from zero; one that closes during it is lost
 * (pools keep their connections while busy, so this is rare).
 */
export function startCpuMeter(serverPid: number, backends: () => number[]): CpuMeter {
  const serverStart = processCpuMs(serverPid);
  const databaseStart = cpuByPid(backends());
  const perRequest = (used: number | undefined, requests: number) =>
    used === undefined || requests === 0 ? null : Math.round((used / requests) * 1000) / 1000;
  return {
    stop: (requests) => {
      const serverEnd = processCpuMs(serverPid);
      const databaseEnd = cpuByPid(backends());
      let databaseUsed: number | undefined;
      for (const [pid, end] of databaseEnd) {
        databaseUsed = (databaseUsed ?? 0) + end - (databaseStart.get(pid) ?? 0);
      }
      return {
        serverMsPerRequest: perRequest(
          serverStart === undefined || serverEnd === undefined
            ? undefined
            : serverEnd - serverStart,
          requests,
        ),
        databaseMsPerRequest: perRequest(databaseUsed, requests),
      };
    },
  };
}
