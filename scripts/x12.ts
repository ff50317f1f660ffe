// `npm run x12 -- validate FILE`: reads an X12 834, prints a summary (envelopes, transactions,
// members by maintenance code, errors with segment positions) and writes FILE.999 beside it, and
// FILE.ta1 when the interchange envelope is in error. `npm run x12 -- json FILE` prints each
// transaction as its tree of loops, with the member summaries.
// The summary holds counts and positions only: names, SSNs and birth dates never reach the console
// unless asked for with `json`.
import fs from 'node:fs';
import { write999, writeTa1 } from '../apps/server/src/platform/x12/acknowledgments.ts';
import { MAINTENANCE_TYPES } from '../apps/server/src/platform/x12/codes-834.ts';
import { readX12File } from '../apps/server/src/platform/x12/reader.ts';
import type { ReadResult } from '../apps/server/src/platform/x12/types.ts';

const [command, file] = process.argv.slice(2);
if (!file || (command !== 'validate' && command !== 'json')) {
  console.error('Usage: npm run x12 -- validate FILE | json FILE');
  process.exit(2);
}
if (!fs.existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(2);
}

if (command === 'json') {
  const transactions: unknown[] = [];
  const result = await readX12File(file, {
    onTransaction: (transaction) => transactions.push(transaction),
  });
  console.log(JSON.stringify({ errors: result.errors, transactions }, null, 2));
} else {
  const result = await readX12File(file);
  const lines = summarize(result);
  console.log(lines.join('\n'));
  const now = new Date();
  // The acknowledgment's control number (ISA13, nine digits): the clock in seconds keeps reruns distinct.
  const controlNumber = (Math.floor(now.getTime() / 1000) % 999_999_999) + 1;
  const bad = result.interchanges.filter((each) => each.errors.length > 0);
  if (result.errors.length > 0 || bad.length > 0) {
    const ta1 = [
      ...(result.errors.length > 0
        ? [writeTa1({ isa: [], errors: result.errors }, { controlNumber, now })]
        : []),
      ...bad.map((each) => writeTa1(each, { controlNumber, now })),
    ].join('');
    fs.writeFileSync(`${file}.ta1`, ta1);
    console.log(`TA1 written to ${file}.ta1`);
  }
  const good = result.interchanges.filter((each) => each.errors.length === 0);
  if (good.length > 0) {
    fs.writeFileSync(
      `${file}.999`,
      good.map((each) => write999(each, { controlNumber, now })).join(''),
    );
    console.log(`999 written to ${file}.999`);
  }
  const rejected =
    result.errors.length > 0 ||
    bad.length > 0 ||
    good.some((each) => each.groups.some((group) => group.status !== 'A' && group.status !== 'E'));
  process.exitCode = rejected ? 1 : 0;
}

function summarize(result: ReadResult): string[] {
  const lines: string[] = [];
  for (const error of result.errors)
    lines.push(`Error at segment ${error.filePosition}: ${error.message} (TA1 ${error.code})`);
  for (const interchange of result.interchanges) {
    lines.push(
      `Interchange ${interchange.controlNumber} (segment ${interchange.filePosition}): ${interchange.groups.length} group(s)`,
    );
    for (const error of interchange.errors)
      lines.push(`  Error at segment ${error.filePosition}: ${error.message} (TA1 ${error.code})`);
    for (const group of interchange.groups) {
      lines.push(
        `  Group ${group.controlNumber} ${group.functionalId} ${group.version} (segment ${group.filePosition}): ${group.transactions.length} transaction(s), 999 AK9 ${group.status}`,
      );
      for (const error of group.errors)
        lines.push(
          `    Error at segment ${error.filePosition}: ${error.message} (AK905 ${error.code})`,
        );
      for (const transaction of group.transactions) {
        lines.push(
          `    Transaction ${transaction.transactionSet} ${transaction.controlNumber} (segment ${transaction.filePosition}): ${transaction.segmentCount} segments, ${transaction.members.length} member(s), IK5 ${transaction.status}`,
        );
        const byCode = new Map<string, number>();
        for (const member of transaction.members)
          byCode.set(member.maintenanceType, (byCode.get(member.maintenanceType) ?? 0) + 1);
        for (const [code, count] of [...byCode].sort())
          lines.push(`      ${code} ${MAINTENANCE_TYPES[code] ?? 'unknown'}: ${count}`);
        for (const error of transaction.errors)
          lines.push(
            `      Error at segment ${error.filePosition}: ${error.message} (IK502 ${error.code})`,
          );
        for (const error of transaction.segmentErrors) {
          lines.push(
            `      Error at segment ${error.filePosition} (${error.segment}, position ${error.position} in the transaction, loop ${error.loopId}): ${error.message} (IK304 ${error.code})`,
          );
          for (const element of error.elements)
            lines.push(
              `        ${element.ref}: ${element.message.replace(/ "[^"]*"/, '')} (IK403 ${element.code})`,
            );
        }
      }
    }
  }
  return lines;
}
