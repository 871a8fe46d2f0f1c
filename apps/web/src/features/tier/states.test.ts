import svgMap from '@svg-maps/nigeria';
import { describe, expect, it } from 'vitest';
import { databaseName, stateKey } from './states';

const nigeria = svgMap as unknown as { locations: { name: string }[] };

/** The 36 states and the FCT as the database names them (the seeded geography). */
const DATABASE_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
  'FCT',
];

describe('state names', () => {
  it('matches every state of the database to exactly one shape of the map, and back', () => {
    const mapKeys = nigeria.locations.map((l) => stateKey(l.name));
    expect(new Set(mapKeys).size).toBe(37);
    expect([...mapKeys].sort()).toEqual(DATABASE_STATES.map(stateKey).sort());
  });

  it('folds the spellings that differ onto one key', () => {
    expect(stateKey('Federal Capital Territory')).toBe(stateKey('FCT'));
    expect(stateKey('Nassarawa')).toBe(stateKey('Nasarawa'));
    expect(stateKey('akwa-ibom')).toBe(stateKey('Akwa Ibom'));
    expect(stateKey('Cross-River')).toBe(stateKey('Cross River'));
    expect(stateKey('Lagos State')).toBe(stateKey('Lagos'));
    expect(stateKey('Niger')).not.toBe(stateKey('Nigeria'));
  });

  it("writes a map state's name as the database does", () => {
    expect(databaseName('Federal Capital Territory')).toBe('FCT');
    expect(databaseName('Nassarawa')).toBe('Nasarawa');
    expect(databaseName('Lagos')).toBe('Lagos');
    expect(nigeria.locations.map((l) => databaseName(l.name)).sort()).toEqual([...DATABASE_STATES].sort());
  });
});
