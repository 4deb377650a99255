import { describe, expect, it } from 'vitest';
import { NETHERLANDS_BOUNDS } from '../geocoding';
import { clusterLabel, type MapPoint, npsTone, pointsBounds } from './contactMap';

const point = (lat: number, lng: number): MapPoint => ({ id: 1, lat, lng, tone: 'none' });

describe('npsTone', () => {
  it('should group NPS answers as promoters, passives and detractors', () => {
    expect([10, 9, 8, 7, 6, 0].map(npsTone)).toEqual([
      'positive',
      'positive',
      'neutral',
      'neutral',
      'negative',
      'negative',
    ]);
  });

  it('should give no tone without an answer', () => {
    expect(npsTone(null)).toBe('none');
    expect(npsTone(Number.NaN)).toBe('none');
  });
});

describe('pointsBounds', () => {
  it('should open on the whole of the Netherlands without points', () => {
    expect(pointsBounds([])).toEqual(NETHERLANDS_BOUNDS);
  });

  it('should hold every point with a margin', () => {
    const bounds = pointsBounds([point(52.0, 4.0), point(53.0, 6.0), point(52.5, 5.0)]);
    expect(bounds.south).toBeLessThan(52.0);
    expect(bounds.north).toBeGreaterThan(53.0);
    expect(bounds.west).toBeLessThan(4.0);
    expect(bounds.east).toBeGreaterThan(6.0);
    expect(bounds.north - bounds.south).toBeLessThan(1.2);
  });

  it('should open on a street around a single point', () => {
    const bounds = pointsBounds([point(52.09, 5.12)]);
    expect(bounds.north - bounds.south).toBeCloseTo(0.01, 5);
    expect(bounds.east - bounds.west).toBeCloseTo(0.01, 5);
  });
});

describe('clusterLabel', () => {
  it('should name the count in Dutch', () => {
    expect(clusterLabel(1)).toBe('1 contact');
    expect(clusterLabel(12)).toBe('12 contacten');
  });
});
