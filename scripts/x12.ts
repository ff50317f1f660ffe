// `npm run x12 -- validate FILE`: reads an X12 834, prints a summary (envelopes, transactions,
// members by maintenance code, errors with segment positions) and writes FILE.999 beside it, and
// FILE.ta1 when the interchange envelope is in error. `npm run x12 -- json FILE` prints each
// transaction as its tree of loops, with the member summaries.
// The summary holds counts and positions only: names, SSNs and birth dates never reach the console
// unless asked for with `json`.
import fs from 'node:fs';
import { acknowledge } from '../apps/server/src/platform/x12/acknowledgments.ts';
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
if (!fs.statSync(file).isFile()) {
  console.error(`Not a file: ${file}`);
  process.exit(2);
}
try {
  fs.accessSync(file, fs.constants.R_OK);
} catch {
  console.error(`The file cannot be read: ${file}`);
  process.exit(2);
}

if (command === 'json') {
  const transactions: unknown[] = [];
  const result = await readX12File(file, {
    onTransaction: (transaction) => transactions.push(transaction),
  });
  console.log(JSON.stringify({ errors: result.errors, transactions }, null, 2));
} else {
  // Only the members and errors are summarised: member loops are not kept (a large file's
  // segments never sit in memory at once).
  const result = await readX12File(file, { tree: false });
  const lines = summarize(result);
  console.log(lines.join('\n'));
  const now = new Date();
  // The acknowledgment's control number (ISA13, nine digits): the clock in seconds keeps reruns distinct.
  const controlNumber = (Math.floor(now.getTime() / 1000) % 999_999_999) + 1;
  const { ta1, ack999 } = acknowledge(result, { controlNumber, now });
  if (ta1) {
    fs.writeFileSync(`${file}.ta1`, ta1);
    console.log(`TA1 written to ${file}.ta1`);
  }
  if (ack999) {
    fs.writeFileSync(`${file}.999`, ack999);
    console.log(`999 written to ${file}.999`);
  }
  if (!ta1 && !ack999) console.log('No interchange with a functional group to acknowledge');
  const rejected =
    result.errors.length > 0 ||
    result.interchanges.some(
      (each) =>
        each.errors.length > 0 ||
        each.groups.length === 0 ||
        each.groups.some((group) => group.status !== 'A' && group.status !== 'E'),
    );
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
