import { describe, expect, it } from 'vitest';
import { START, currentStage, popStage, pushStage } from './claims-stages.ts';

describe('claims wizard stack', () => {
  it('pushes stages and pops them back, skipping Mapping', () => {
    const mapped = pushStage(pushStage(START, 'mapping'), 'summary');
    expect(mapped).toEqual(['file', 'mapping', 'summary']);
    expect(popStage(mapped)).toEqual(['file']);
    const pricing = pushStage(mapped, 'pricing');
    expect(currentStage(popStage(pricing))).toBe('summary');
    expect(popStage(popStage(pricing))).toEqual(['file']);
  });

  it('never pops below File and does not push the current stage twice', () => {
    expect(popStage(START)).toEqual(['file']);
    expect(pushStage(START, 'file')).toBe(START);
    expect(popStage(pushStage(START, 'mapping'))).toEqual(['file']);
  });
});
