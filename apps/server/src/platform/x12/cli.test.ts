import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The `x12` command (scripts/x12.ts) run as a user runs it, on copies of the test files.
const root = path.resolve(import.meta.dirname, '../../../../..');
const script = path.join(root, 'scripts', 'x12.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-x12-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function copy(name: string, change = (text: string) => text): string {
  const text = fs.readFileSync(path.join(import.meta.dirname, 'test-files', name), 'utf8');
  const target = path.join(dir, name);
  fs.writeFileSync(target, change(text));
  return target;
}

const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', cwd: root });

describe('x12 command', () => {
  it('validate prints the summary without member data and writes FILE.999 beside the file', () => {
    const file = copy('adds-with-dependents.834');
    const result = run('validate', file);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Interchange 000000101 (segment 1): 1 group(s)');
    expect(result.stdout).toContain(
      'Transaction 834 0001 (segment 3): 45 segments, 3 member(s), IK5 A',
    );
    expect(result.stdout).toContain('021 Addition: 3');
    // Health data stays out of the console summary.
    expect(result.stdout).not.toMatch(/SMITH|111223333|19800512/);
    expect(fs.readFileSync(`${file}.999`, 'utf8')).toMatch(
      /AK2\*834\*0001\*005010X220A1~\nIK5\*A~\nAK9\*A\*1\*1\*1~/,
    );
    expect(fs.existsSync(`${file}.ta1`)).toBe(false);
  });

  it('validate reports errors with segment positions, writes the rejecting 999 and exits 1', () => {
    const file = copy('termination.834', (text) => text.replace('SE*19*0001', 'SE*18*0001'));
    const result = run('validate', file);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('Error at segment 21: SE01 is 18 but there are 19 (IK502 4)');
    expect(fs.readFileSync(`${file}.999`, 'utf8')).toContain('IK5*R*4~');
  });

  it('validate writes FILE.ta1 when the interchange envelope is bad', () => {
    const file = copy('change.834', (text) => text.replace('IEA*1*000000101', 'IEA*1*000000999'));
    const result = run('validate', file);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      "IEA02 is 000000999 but the header's control number is 000000101 (TA1 001)",
    );
    expect(fs.readFileSync(`${file}.ta1`, 'utf8')).toContain('TA1*000000101*261124*1200*R*001~');
  });

  it('json prints the loop-structured transactions', () => {
    const file = copy('reinstatement.834');
    const result = run('json', file);
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout) as {
      transactions: { tree: { loops: { id: string }[] }; members: unknown[] }[];
    };
    expect(output.transactions[0]!.tree.loops.map((loop) => loop.id)).toEqual([
      '1000A',
      '1000B',
      '1000C',
      '2000',
    ]);
    expect(output.transactions[0]!.members).toEqual([
      expect.objectContaining({ maintenanceType: '025', lastName: 'JONES' }),
    ]);
  });

  it('validate reads a file with several coverages in other delimiters, CR line ends and NUL padding', () => {
    const file = copy(
      'several-coverages.834',
      (text) => `${text.replaceAll('*', '|').replaceAll('~\n', '~\r')}${'\0'.repeat(64)}`,
    );
    const result = run('validate', file);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      'Transaction 834 0001 (segment 3): 92 segments, 5 member(s), IK5 A',
    );
    expect(result.stdout).toContain('024 Cancellation or termination: 1');
    expect(result.stdout).not.toMatch(/GARCIA|410556677/);
    // ISA14 is 1: the sender asked for a TA1 beside the 999.
    expect(fs.readFileSync(`${file}.ta1`, 'utf8')).toContain('TA1*000000207*261124*0930*A*000~');
    expect(fs.readFileSync(`${file}.999`, 'utf8')).toContain('AK9*A*1*1*1~');
  });

  it('refuses a directory as the file', () => {
    const result = run('validate', dir);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`Not a file: ${dir}`);
  });

  it('explains its usage', () => {
    const result = run('frobnicate');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage: npm run x12 -- validate FILE | json FILE');
  });
});
