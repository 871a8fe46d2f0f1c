import { describe, expect, it } from 'vitest';
import { groupBySampleType } from './sample-groups.js';

const WB = 1;
const SER = 2;
const PLA = 3;
const SPU = 4;

describe('grouping an order into samples', () => {
  it('puts a full blood count and a glucose on two samples', () => {
    expect(
      groupBySampleType([
        { id: 10, sampleTypes: [WB] },
        { id: 20, sampleTypes: [SER, PLA] },
      ]),
    ).toEqual([
      { sampleTypeId: WB, tests: [10] },
      { sampleTypeId: SER, tests: [20] },
    ]);
  });

  it('lets tests that share a sample type share a sample, collected as the type they all accept', () => {
    expect(
      groupBySampleType([
        { id: 1, sampleTypes: [WB, SER, PLA] },
        { id: 2, sampleTypes: [PLA] },
        { id: 3, sampleTypes: [SER, PLA] },
      ]),
    ).toEqual([{ sampleTypeId: PLA, tests: [1, 2, 3] }]);
  });

  it('puts a test without configured sample types with the first sample', () => {
    expect(
      groupBySampleType([
        { id: 1, sampleTypes: [SPU] },
        { id: 2, sampleTypes: [] },
        { id: 3, sampleTypes: [WB] },
      ]),
    ).toEqual([
      { sampleTypeId: SPU, tests: [1, 2] },
      { sampleTypeId: WB, tests: [3] },
    ]);
    expect(groupBySampleType([{ id: 9, sampleTypes: [] }])).toEqual([{ sampleTypeId: null, tests: [9] }]);
  });
});
